/**
 * An app server of its own (server.mjs on the production build), for tests
 * that need another configuration than the shared web server, or its log.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { appEnv } from '../../../playwright.config'

export interface AppServer {
  url: string
  /** Everything it wrote to stdout and stderr so far. */
  log(): string
  /** It is still running (did not crash). */
  running(): boolean
  stop(): Promise<void>
}

/** Starts the build on 127.0.0.1:`port` with the e2e defaults plus `env`; resolves once /healthz answers. */
export async function startAppServer(
  port: number,
  env: Record<string, string>,
): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`
  let log = ''
  const server: ChildProcess = spawn(process.execPath, ['server.mjs'], {
    env: {
      ...process.env,
      ...appEnv(url, env.BACKEND_URL),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const deadline = Date.now() + 20_000
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error(`app on ${port} did not start:\n${log}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    log: () => log,
    running: () => server.exitCode === null && server.signalCode === null,
    async stop() {
      if (server.exitCode !== null) return
      server.kill('SIGTERM')
      await once(server, 'exit')
    },
  }
}
