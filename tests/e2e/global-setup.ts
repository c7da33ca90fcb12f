/**
 * One demo backend and one app server per worker, before any test runs:
 * tests steer the demo backend through /__mock/ (outages, latency, clocks,
 * configuration), so a worker's tests must reach only their own pair. The
 * ports go to the workers in E2E_SERVERS (playwright.config.ts picks the
 * worker's pair by TEST_PARALLEL_INDEX). Returns the teardown.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import type { FullConfig } from '@playwright/test'
import { MOCK_COMMAND, type WorkerServers, workerAppEnv } from '../../playwright.config'
import { type AppServer, startAppServer } from './support/app-server'
import { freePort } from './support/ports'

interface Demo {
  url: string
  port: number
  stop(): Promise<void>
}

/** The demo backend on a port of the system's choosing: its one stdout line says which. */
async function startDemo(name: string): Promise<Demo> {
  const [command = '', ...args] = MOCK_COMMAND
  const child: ChildProcess = spawn(command, args, {
    // It exits by itself if this runner dies without a teardown.
    env: {
      ...process.env,
      MOCK_PORT: '0',
      MOCK_PARENT_PID: String(process.pid),
      // The push tests' local push service (http on 127.0.0.1).
      PUSH_ALLOW_LOCAL_SERVICE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`))
  let out = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const said = /^MOCK_BACKEND_URL=(\S+)$/m.exec(out)?.[1]
      if (said) resolve(said)
    })
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before listening`)))
  })
  return {
    url,
    port: Number(new URL(url).port),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

async function startPair(index: number): Promise<{ ports: WorkerServers; stop(): Promise<void> }> {
  const demo = await startDemo(`demo backend ${index}`)
  let app: AppServer
  try {
    const port = await freePort()
    app = await startAppServer(port, workerAppEnv(`http://127.0.0.1:${port}`, demo.url), (text) =>
      process.stderr.write(`[app ${index}] ${text}`),
    )
  } catch (error) {
    await demo.stop()
    throw error
  }
  return {
    ports: { app: Number(new URL(app.url).port), mock: demo.port },
    stop: () => Promise.all([app.stop(), demo.stop()]).then(() => undefined),
  }
}

/**
 * Says so when the machine has no Thai system font (where fontconfig can tell):
 * a page view whose web font misses its short font-display: optional wait is
 * then drawn in boxes, not in the Thai font every phone has, and its 360 px
 * checks fail. README's quick start installs one (decision 0066).
 */
function warnWithoutThaiFont() {
  const found = spawnSync('fc-list', [':lang=th'], { encoding: 'utf8' })
  if (found.status === 0 && found.stdout.trim() === '') {
    console.warn('No Thai system font: install one (Debian: apt-get install fonts-noto-core).')
  }
}

export default async function globalSetup(config: FullConfig) {
  warnWithoutThaiFont()
  const started = await Promise.allSettled(
    Array.from({ length: config.workers }, (_, index) => startPair(index)),
  )
  const pairs = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const stopAll = () => Promise.all(pairs.map((pair) => pair.stop())).then(() => undefined)
  const failed = started.find((s) => s.status === 'rejected')
  if (failed) {
    await stopAll()
    throw failed.reason
  }
  process.env.E2E_SERVERS = JSON.stringify(pairs.map((pair) => pair.ports))
  return stopAll
}
