#!/usr/bin/env node
/**
 * Bundles the demo backend (tests/mock-backend/cli.ts) into
 * build/mock-backend/cli.mjs, run by `npm start`, `npm run dev` and the e2e
 * tests. Packages (zod, jose) stay external: they are dependencies.
 */
import { build } from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const outfile = 'build/mock-backend/cli.mjs'

await build({
  absWorkingDir: root,
  entryPoints: ['tests/mock-backend/cli.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
console.log(`Built ${outfile}`)
