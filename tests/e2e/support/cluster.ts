/**
 * `npm run start:cluster` (scripts/cluster.mjs) started by a test: nginx,
 * three app instances and Redis, against the e2e demo backend, on ports of
 * its own (E2E_CLUSTER_PORT, default 4700: nginx; +1..+3 the instances; +9 Redis).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { Redis } from 'ioredis'
import { appEnv } from '../../../playwright.config'
import { followCluster } from '../../../scripts/lib/cluster-lines.mjs'
import { until } from './until'

export const CLUSTER_PORT = Number(process.env.E2E_CLUSTER_PORT ?? 4700)
/** How long the app's /readyz reuses one check (app/routes/readyz.ts), and a little more. */
const READYZ_REUSE_MS = 1100

export const CLUSTER_URL = `http://127.0.0.1:${CLUSTER_PORT}`

/** A client of the cluster's Redis for a test to look at or steer it (one try per command, errors kept quiet). */
export function clusterRedis(): Redis {
  const redis = new Redis(`redis://127.0.0.1:${CLUSTER_PORT + 9}`, { maxRetriesPerRequest: 1 })
  redis.on('error', () => undefined)
  return redis
}

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
  /** Closes the pipes the cluster prints to, as `| head` or a supervisor that stopped reading. */
  closeOutput(): void
  /** SIGTERM; resolves once it has exited, with how. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  let log = ''
  const child: ChildProcess = spawn(process.execPath, ['scripts/cluster.mjs'], {
    env: {
      ...process.env,
      ...appEnv(CLUSTER_URL),
      // The default deadline: a storm whose refreshing instance is killed spends the
      // refresh lock's 3 s and a 1.5 s refresh of each request's one deadline (decision 0092).
      BACKEND_TIMEOUT_MS: '10000',
      // Redis is judged away after a command waits this long. The tests run the cluster
      // beside a browser and another worker on two cores: at the default 250 ms a busy
      // moment reads as "Redis is away" and an instance refreshes alone, as it should
      // when Redis is really away (the spec stops Redis to test that).
      REDIS_COMMAND_TIMEOUT_MS: '1000',
      PORT: String(CLUSTER_PORT),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const state = followCluster(child.stdout!, (line) => (log += `${line}\n`))
  const timeout = setTimeout(() => child.kill('SIGTERM'), 60_000)
  await Promise.race([
    state.ready,
    once(child, 'exit').then(([code]) => {
      throw new Error(`the cluster exited (${code}):\n${log}`)
    }),
  ])
  clearTimeout(timeout)
  const cluster: Cluster = {
    url: CLUSTER_URL,
    instances: () => [...state.instances.values()].sort((a, b) => a.port - b.port),
    redisPid: () => state.redisPid,
    log: () => log,
    async whole() {
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
      // /readyz reuses a check for up to a second: an answer given a second after
      // the first whole look comes from a check made after that look.
      let firstWhole: number | undefined
      await until(
        async () => {
          if (!(await allReady())) return false
          firstWhole ??= Date.now()
          return Date.now() - firstWhole >= READYZ_REUSE_MS
        },
        { timeout: 20_000, what: () => `the cluster did not recover:\n${log}` },
      )
    },
    closeOutput() {
      child.stdout?.destroy()
      child.stderr?.destroy()
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit')
        child.kill('SIGTERM')
        await exited
      }
      return { code: child.exitCode, signal: child.signalCode }
    },
  }
  // Every instance reached Redis before the tests start.
  await cluster.whole()
  return cluster
}
