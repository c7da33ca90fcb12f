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
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { connectRedis, redisReady, setRedisForTests, type SharedRedis } from '~/server/redis.server'

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

/** Waits until `check` holds, polling every 10 ms; throws after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/**
 * A test file's Redis as the app sees it: a real redis-server for the file,
 * started (if a test stopped it) and emptied before each test, with the app's
 * client connected (250 ms command timeout) and ready; disconnected after.
 */
export function useFreshTestRedis(): { readonly server: TestRedis; readonly client: SharedRedis } {
  let server: TestRedis | undefined
  let client: SharedRedis | undefined
  beforeAll(async () => {
    server = await startTestRedis()
  })
  afterAll(async () => {
    await server?.remove()
  })
  beforeEach(async () => {
    await server!.start()
    client = connectRedis(server!.url, 250)
    setRedisForTests(client)
    await until(() => redisReady())
    await client.eval("return redis.call('FLUSHALL')", 0)
  })
  afterEach(() => {
    client?.disconnect()
    setRedisForTests(undefined)
  })
  return {
    get server() {
      if (!server) throw new Error('the test Redis is not started yet')
      return server
    },
    get client() {
      if (!client) throw new Error('the test Redis client is not connected yet')
      return client
    },
  }
}
