#!/usr/bin/env node
/**
 * `npm start`: serve the production build with the app's server (server.mjs:
 * the front door, then remix-serve's pieces and Remix). Builds first when
 * there is no build. Without BACKEND_URL it first starts the embedded demo
 * backend on a free local port (MOCK_PORT pins it) and points the app at it;
 * when the demo backend dies, it is started again on the same port, so the
 * app keeps working (with the demo's fresh seed data). With BACKEND_URL no
 * demo is started and nothing is watched but the app.
 */
import { spawn } from 'node:child_process'
import { appDrainMs, demoEnv, ensureBuild, startDemoBackend, stopChild } from './lib/processes.mjs'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)

ensureBuild()

/** A demo backend that died is started again after this long (no tight loop if it cannot start). */
const RESTART_AFTER_MS = 500

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }
let demo = null
let stopping = false
if (!env.BACKEND_URL) {
  demo = await startDemoBackend(env)
  demoEnv(env, demo.url, env.PORT || '3000')
  console.log(
    `BACKEND_URL is not set: started the demo backend at ${demo.url} (log in as demo / demo1234; staff: the [demo] staff lines above).`,
  )
  watchDemo(demo.child, new URL(demo.url).port)
}

/** When the demo backend exits while the app runs: start it again on `port` (the app's BACKEND_URL). */
function watchDemo(child, port) {
  child.once('exit', (code, signal) => {
    if (stopping) return
    console.error(
      `The demo backend stopped (${signal ?? `exit ${code}`}); starting it again on port ${port}.`,
    )
    setTimeout(() => void restartDemo(port), RESTART_AFTER_MS)
  })
}

async function restartDemo(port) {
  if (stopping) return
  try {
    const again = await startDemoBackend(env, { MOCK_PORT: port })
    demo = again
    if (stopping) return void stopChild(again.child)
    console.log(`The demo backend is back at ${again.url}.`)
    watchDemo(again.child, port)
  } catch (error) {
    console.error(`The demo backend did not start again (${error.message}); trying again.`)
    setTimeout(() => void restartDemo(port), RESTART_AFTER_MS)
  }
}

const server = spawn(process.execPath, ['server.mjs'], {
  env,
  stdio: 'inherit',
})

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
