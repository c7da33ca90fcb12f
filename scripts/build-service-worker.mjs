#!/usr/bin/env node
/**
 * Bundles the service worker (app/sw/index.ts) into build/sw.js, which the
 * front door serves at /sw.js (app/server/service-worker.server.ts). Runs
 * after `remix build`: the worker carries the browser build's version (the
 * hash in public/build/manifest-<hash>.js), so every build whose files
 * changed makes a worker whose bytes differ, and the browser installs it.
 */
import { readdirSync } from 'node:fs'
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const outfile = 'build/sw.js'

/** The browser build's version: Remix's manifest file name carries its hash. */
export function buildVersion(dir = `${root}public/build`) {
  const manifest = readdirSync(dir).find((name) => /^manifest-[A-Za-z0-9]+\.js$/.test(name))
  if (!manifest) throw new Error(`No Remix manifest in ${dir}: run remix build first`)
  return manifest.slice('manifest-'.length, -'.js'.length)
}

const version = buildVersion()
await build({
  absWorkingDir: root,
  entryPoints: ['app/sw/index.ts'],
  outfile,
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'chrome100',
  minify: true,
  define: { __BUILD_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
})
console.log(`Built ${outfile} (build ${version})`)
