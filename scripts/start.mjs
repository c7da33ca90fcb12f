#!/usr/bin/env node
/**
 * `npm start`: serve the production build with remix-serve. Builds first when
 * there is no build. Without BACKEND_URL it first starts the embedded demo
 * backend on a free local port and points the app at it.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { startDemoBackend, stopChild } from './lib/processes.mjs'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)

if (!existsSync('build/index.js') || !existsSync('build/mock-backend/cli.mjs')) {
  console.log('No build found: running `npm run build` first.')
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }
let demo = null
if (!env.BACKEND_URL) {
  demo = await startDemoBackend(env)
  env.BACKEND_URL = demo.url
  // A demo has no secrets to keep: a fresh one per start, and plain-http cookies.
  env.SESSION_SECRET ??= randomBytes(32).toString('base64url')
  env.COOKIE_SECURE ??= 'false'
  env.LINE_CHANNEL_ID ||= 'demo-line-channel'
  env.LINE_AUTHORIZE_URL ??= `${demo.url}/line/authorize`
  // The demo backend is also the image host (game tiles, banners).
  env.IMAGE_HOST_URL ||= demo.url
  // ...and the configuration service (limits, banners, open sections).
  env.CONFIG_SERVICE_URL ||= demo.url
  const port = env.PORT || '3000'
  env.APP_ORIGIN ||= `http://localhost:${port},http://127.0.0.1:${port}`
  console.log(
    `BACKEND_URL is not set: started the demo backend at ${demo.url} (log in as demo / demo1234).`,
  )
}

const server = spawn('./node_modules/.bin/remix-serve', ['build/index.js'], {
  env,
  stdio: 'inherit',
})

let stopping = false
async function stop(code) {
  if (stopping) return
  stopping = true
  await stopChild(server)
  if (demo) await stopChild(demo.child)
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
server.on('exit', (code) => stop(code ?? 0))
demo?.child.on('exit', (code) => {
  if (!stopping) {
    console.error(`The demo backend stopped (exit ${code}); stopping the app.`)
    stop(1)
  }
})
