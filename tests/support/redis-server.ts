/**
 * A real redis-server for tests (Debian's `redis-server`, installed by
 * .ci/run), on a free local port, with no snapshot and an append-only file in
 * a temporary directory, so a restart keeps what was written.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.write('PING\r\n')
    })
    socket.once('data', (data) => {
      socket.destroy()
      resolve(data.toString().startsWith('+PONG'))
    })
    socket.once('error', () => resolve(false))
  })
}

export interface TestRedis {
  url: string
  port: number
  /** Stops the server (SHUTDOWN-like: SIGTERM, the append-only file is flushed). */
  stop(): Promise<void>
  /** Starts it again on the same port and directory (nothing when it runs). */
  start(): Promise<void>
  /** Stops it for good and removes its directory. */
  remove(): Promise<void>
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'test-redis-'))
  let child: ChildProcess | null = null
  const start = async () => {
    if (child) return
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    )
    const deadline = Date.now() + 10_000
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s')
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  const stop = async () => {
    const c = child
    child = null
    if (!c || c.exitCode !== null) return
    c.kill('SIGTERM')
    await once(c, 'exit')
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async remove() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
