#!/usr/bin/env node
/**
 * `npm start`: serve the production build with remix-serve. Builds first when
 * there is no build. Without BACKEND_URL it first starts the embedded demo
 * backend on a free local port and points the app at it.
 */
import { spawn } from 'node:child_process'
import { appDrainMs, demoEnv, ensureBuild, startDemoBackend, stopChild } from './lib/processes.mjs'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)

ensureBuild()

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }
let demo = null
if (!env.BACKEND_URL) {
  demo = await startDemoBackend(env)
  demoEnv(env, demo.url, env.PORT || '3000')
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
  // The app finishes the requests under way first (graceful shutdown).
  await stopChild(server, appDrainMs(env))
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
