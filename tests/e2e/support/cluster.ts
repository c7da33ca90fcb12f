/**
 * `npm run start:cluster` (scripts/cluster.mjs) started by a test: nginx,
 * three app instances and Redis, against the e2e demo backend, on ports of
 * its own (E2E_CLUSTER_PORT, default 4700: nginx; +1..+3 the instances; +9 Redis).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { E2E_SESSION_SECRET, MOCK_URL } from '../../../playwright.config'

export const CLUSTER_PORT = Number(process.env.E2E_CLUSTER_PORT ?? 4700)
/** How long the app's /readyz reuses one check (app/routes/readyz.ts), and a little more. */
const READYZ_REUSE_MS = 1100

export const CLUSTER_URL = `http://127.0.0.1:${CLUSTER_PORT}`

export interface Instance {
  name: string
  pid: number
  port: number
  url: string
}

export interface Cluster {
  url: string
  instances(): Instance[]
  redisPid(): number
  log(): string
  /** Waits until every instance and Redis answer again (after a kill: the cluster restarts them). */
  whole(): Promise<void>
  stop(): Promise<void>
}

export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const instances = new Map<string, Instance>()
  let redisPid = 0
  let log = ''
  const child: ChildProcess = spawn(process.execPath, ['scripts/cluster.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(CLUSTER_PORT),
      BACKEND_URL: MOCK_URL,
      BACKEND_TIMEOUT_MS: '3000',
      SESSION_SECRET: E2E_SESSION_SECRET,
      APP_ORIGIN: CLUSTER_URL,
      COOKIE_SECURE: 'false',
      LINE_CHANNEL_ID: 'e2e-line-channel',
      LINE_AUTHORIZE_URL: `${MOCK_URL}/line/authorize`,
      IMAGE_HOST_URL: MOCK_URL,
      CONFIG_SERVICE_URL: MOCK_URL,
      CONFIG_TTL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the cluster exited (${code}):\n${log}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      log += `${line}\n`
      const instance = /^CLUSTER_INSTANCE (\S+) (\d+) (\d+)$/.exec(line)
      if (instance) {
        const [, name, pid, port] = instance
        instances.set(name!, {
          name: name!,
          pid: Number(pid),
          port: Number(port),
          url: `http://127.0.0.1:${port}`,
        })
      }
      const redis = /^CLUSTER_REDIS (\d+) \d+$/.exec(line)
      if (redis) redisPid = Number(redis[1])
      if (line.startsWith('CLUSTER_READY')) resolve()
    })
  })
  const timeout = setTimeout(() => child.kill('SIGTERM'), 60_000)
  await ready
  clearTimeout(timeout)
  const cluster: Cluster = {
    url: CLUSTER_URL,
    instances: () => [...instances.values()].sort((a, b) => a.port - b.port),
    redisPid: () => redisPid,
    log: () => log,
    async whole() {
      const deadline = Date.now() + 20_000
      const allReady = async () => {
        const checks = await Promise.all(
          cluster.instances().map((i) =>
            fetch(`${i.url}/readyz`).then(
              (r) => r.json() as Promise<{ redis?: string }>,
              () => null,
            ),
          ),
        )
        return checks.every((c) => c?.redis === 'ok')
      }
      // /readyz reuses a check for up to a second: a second look after that is current.
      for (let looks = 0; looks < 2; looks++) {
        if (looks > 0) await new Promise((r) => setTimeout(r, READYZ_REUSE_MS))
        while (!(await allReady())) {
          if (Date.now() > deadline) throw new Error(`the cluster did not recover:\n${log}`)
          await new Promise((r) => setTimeout(r, 100))
        }
      }
    },
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
  // Every instance reached Redis before the tests start.
  await cluster.whole()
  return cluster
}
