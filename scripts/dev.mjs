#!/usr/bin/env node
/** `npm run dev`: the Remix dev server with live reload, against the demo backend unless BACKEND_URL is set. */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { startDemoBackend, stopChild } from './lib/processes.mjs'

process.chdir(new URL('..', import.meta.url).pathname)
const env = { ...process.env }
let demo = null
if (!env.BACKEND_URL) {
  if (!existsSync('build/mock-backend/cli.mjs')) {
    spawnSync('node', ['scripts/build-mock-backend.mjs'], { stdio: 'inherit' })
  }
  demo = await startDemoBackend(env)
  env.BACKEND_URL = demo.url
  env.LINE_CHANNEL_ID ||= 'demo-line-channel'
  env.LINE_AUTHORIZE_URL ??= `${demo.url}/line/authorize`
  console.log(`BACKEND_URL is not set: started the demo backend at ${demo.url} (demo / demo1234).`)
}
const dev = spawn('./node_modules/.bin/remix', ['dev'], { env, stdio: 'inherit' })
const stop = async (code) => {
  await stopChild(dev)
  if (demo) await stopChild(demo.child)
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
dev.on('exit', (code) => stop(code ?? 0))
