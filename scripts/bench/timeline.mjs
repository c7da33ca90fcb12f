/**
 * The request timeline's cost (`npm run bench -- --only=timeline`, decision
 * 0138): the record call alone (timeline-record.mjs, in a child process,
 * against memory and, when `redis-server` is installed, a Redis of its own),
 * and the logged-in home's requests per second with the timeline on and off
 * (a second app with TIMELINE=off), both loaded at the same time.
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { connect } from 'node:net'
import { createInterface } from 'node:readline'
import { BENCH_SESSION_SECRET } from './servers.mjs'

/** The record call's figures against memory, or Redis at `redisUrl`. */
export async function recordCost(redisUrl) {
  const child = spawn(process.execPath, ['scripts/bench/timeline-record.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BACKEND_URL: 'http://127.0.0.1:9',
      APP_ORIGIN: 'http://127.0.0.1:9',
      SESSION_SECRET: BENCH_SESSION_SECRET,
      REDIS_URL: redisUrl ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let figures = null
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('TIMELINE_RECORD ')) figures = JSON.parse(line.slice(16))
  })
  const [code] = await once(child, 'exit')
  if (code !== 0 || !figures) throw new Error(`timeline-record.mjs exited ${code}`)
  return figures
}

/** `redis-server` is on the PATH. */
export function hasRedisServer() {
  return spawnSync('which', ['redis-server']).status === 0
}

async function answers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      socket.destroy()
      resolve(data.toString().startsWith('+PONG'))
    })
    socket.once('error', () => resolve(false))
  })
}

/** A redis-server of the bench's on `port` (no files); resolves with its URL and a stop function. */
export async function startRedisServer(port) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const deadline = Date.now() + 10_000
  while (!(await answers(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (code ${child.exitCode})`)
    if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s')
    await new Promise((r) => setTimeout(r, 20))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}
