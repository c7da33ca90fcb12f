/**
 * An app server of its own on the production build: each worker's (started
 * by the global setup), and those of tests that need another configuration
 * than their worker's, or its log.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { APP_COMMAND, appEnv } from '../../../playwright.config'
import { answers, until } from './until'

export interface AppServer {
  url: string
  /** Everything it wrote to stdout and stderr so far. */
  log(): string
  /** Its request log's lines so far, as text: `[reqId] GET /path?q=[redacted] 200`, ` (front door)` after the door's. */
  requests(): string[]
  /** It is still running (did not crash). */
  running(): boolean
  stop(): Promise<void>
}

/** Starts the build on 127.0.0.1:`port` with the e2e defaults plus `env`; resolves once /healthz answers. */
export async function startAppServer(
  port: number,
  env: Record<string, string>,
  onStderr?: (text: string) => void,
): Promise<AppServer> {
  const url = `http://127.0.0.1:${port}`
  let log = ''
  const [command = '', ...args] = APP_COMMAND
  const server: ChildProcess = spawn(command, args, {
    env: {
      ...process.env,
      ...appEnv(url, env.BACKEND_URL),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const running = () => server.exitCode === null && server.signalCode === null
  // Not left behind when the process that started it ends without stopping it.
  const kill = () => server.kill('SIGTERM')
  process.once('exit', kill)
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString()
    onStderr?.(chunk.toString())
  })
  await until(() => answers(`${url}/healthz`), {
    timeout: 20_000,
    what: () => `app on ${port} did not start:\n${log}`,
    abort: () => {
      if (!running()) throw new Error(`app on ${port} exited:\n${log}`)
    },
  })
  return {
    url,
    log: () => log,
    requests: () => requestLines(log),
    running,
    async stop() {
      process.off('exit', kill)
      if (!running()) return
      server.kill('SIGTERM')
      await once(server, 'exit')
    },
  }
}

interface RequestLine {
  reqId: string
  req: { method: string; url: string }
  res: { statusCode: number }
  msg: string
}

/** The request log's JSON lines (server/log.server.ts) among a server's output, as text. */
export function requestLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('"req":'))
    .map((line) => JSON.parse(line) as RequestLine)
    .map(
      ({ reqId, req, res, msg }) =>
        `[${reqId}] ${req.method} ${req.url} ${res.statusCode}${msg === 'front door' ? ' (front door)' : ''}`,
    )
}
