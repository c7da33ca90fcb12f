/**
 * The bench's own servers, on its own ports: the demo backend, the app
 * (server.mjs on the production build, in its own process group so the whole
 * group can be stopped), a bare node:http server and remix-serve on the
 * near-empty page (near-empty.mjs), the reference a Remix app is measured against. Everything started here
 * is stopped by `stopAll()`, and only that.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { demoEnv, startDemoBackend, stopChild } from '../lib/processes.mjs'
import { waitForOk } from './http.mjs'

/** The app's session secret in the bench: the storm seals its cookie with it. */
export const BENCH_SESSION_SECRET = 'bench-session-secret-0123456789abcdef'

const started = []

/** The demo backend on `port`; resolves with its URL and pid (its CPU is the home's too). */
export async function startBackend(port) {
  const { child, url } = await startDemoBackend(process.env, { MOCK_PORT: String(port) })
  started.push({ child, group: false })
  return { url, pid: child.pid }
}

/**
 * The app's server (server.mjs) on the production build, in its own process
 * group; resolves with its URL, the child and its stderr lines. `nodeArgs`
 * go to node before the server file (the CPU profile's `--import`),
 * `extraEnv` to its environment.
 */
export async function startApp(port, backendUrl, { nodeArgs = [], extraEnv = {} } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, 'server.mjs'], {
    // As `npm start` runs it: the demo backend is also the image host and the
    // configuration service (a page's pictures are not the app's 404s).
    env: demoEnv(
      {
        ...process.env,
        ...extraEnv,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_ORIGIN: `http://127.0.0.1:${port}`,
        SESSION_SECRET: BENCH_SESSION_SECRET,
        COOKIE_SECURE: 'false',
      },
      backendUrl,
    ),
    detached: true,
    // One log line per request would cost the load test: the app's output is dropped.
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  started.push({ child, group: true })
  const errors = createInterface({ input: child.stderr })
  errors.on('line', (line) => {
    if (line.trim() && line.trim() !== 'undefined' && !line.startsWith('CPU_PROFILE_')) {
      console.error(`[app] ${line}`)
    }
  })
  const url = `http://127.0.0.1:${port}`
  await Promise.race([
    waitForOk(`${url}/healthz`),
    once(child, 'exit').then(([code]) => {
      throw new Error(`The app's server exited (code ${code}) before it answered /healthz`)
    }),
  ])
  return { url, child, lines: errors }
}

/** remix-serve on the near-empty page built in `dir` (near-empty.mjs), in its own process group. */
export async function startNearEmptyServer(port, dir) {
  const child = spawn(join(dir, 'node_modules/.bin/remix-serve'), ['build/index.js'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
    // remix-serve logs each request (morgan), as the app does (pino-http): the output is dropped.
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  started.push({ child, group: true })
  const errors = createInterface({ input: child.stderr })
  errors.on('line', (line) => {
    if (line.trim()) console.error(`[near-empty] ${line}`)
  })
  const url = `http://127.0.0.1:${port}`
  await Promise.race([
    waitForOk(`${url}/`),
    once(child, 'exit').then(([code]) => {
      throw new Error(`remix-serve of the near-empty page exited (code ${code})`)
    }),
  ])
  return { url, child }
}

/** A bare node:http server answering every request with `html`; resolves with its URL and pid. */
export async function startBare(port, htmlPath) {
  const child = spawn(process.execPath, ['scripts/bench/bare-server.mjs', htmlPath], {
    env: { ...process.env, BARE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  started.push({ child, group: false })
  const lines = createInterface({ input: child.stdout })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The bare server exited (code ${code})`)))
    lines.on('line', (line) => {
      const match = /^BARE_URL=(\S+)$/.exec(line)
      if (match) resolve({ url: match[1], pid: child.pid })
    })
  })
}

async function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit').catch(() => undefined)
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    return
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }, 5000)
  await exited
  clearTimeout(timer)
}

/** Stops one process this module started (and its group). */
export async function stopStarted(child) {
  const index = started.findIndex((s) => s.child === child)
  if (index === -1) return
  const [{ group }] = started.splice(index, 1)
  await (group ? stopGroup(child) : stopChild(child))
}

/** Stops every process this module started, newest first. */
export async function stopAll() {
  while (started.length) {
    const { child, group } = started.pop()
    await (group ? stopGroup(child) : stopChild(child))
  }
}
