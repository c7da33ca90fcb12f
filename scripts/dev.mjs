#!/usr/bin/env node
/**
 * `npm run dev`: the Remix dev server with live reload, against the demo
 * backend unless BACKEND_URL is set. It builds into build-dev/ and
 * public/build-dev/ (remix.config.js reads REMIX_DEV_BUILD), never into the
 * build/ and public/build/ that `npm start` serves.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { demoEnv, startDemoBackend, stopChild } from './lib/processes.mjs'

process.chdir(new URL('..', import.meta.url).pathname)
const env = { ...process.env, REMIX_DEV_BUILD: '1' }
let demo = null
if (!env.BACKEND_URL) {
  if (!existsSync('build/mock-backend/cli.mjs')) {
    spawnSync('node', ['scripts/build-mock-backend.mjs'], { stdio: 'inherit' })
  }
  demo = await startDemoBackend(env)
  demoEnv(env, demo.url)
  console.log(`BACKEND_URL is not set: started the demo backend at ${demo.url} (demo / demo1234).`)
}
// Extra arguments go to `remix dev` (e.g. `npm run dev -- --port 3011` for its own port).
const args = ['dev', '-c', 'remix-serve build-dev/index.js', ...process.argv.slice(2)]
const dev = spawn('./node_modules/.bin/remix', args, {
  env,
  stdio: 'inherit',
})
const stop = async (code) => {
  await stopChild(dev)
  if (demo) await stopChild(demo.child)
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
dev.on('exit', (code) => stop(code ?? 0))
