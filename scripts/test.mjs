#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure:
 * lint, typecheck, unit tests, production build, e2e against that build.
 */
import { spawnSync } from 'node:child_process'

const steps = [
  ['lint', ['npm', 'run', 'lint']],
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['unit tests', ['npx', 'vitest', 'run']],
  ['build', ['npm', 'run', 'build']],
  ['e2e tests', ['npx', 'playwright', 'test']],
]

const begun = Date.now()
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds} s (exit ${result.status ?? result.signal}).`)
    process.exit(result.status || 1)
  }
  console.log(`=== ${name} passed in ${seconds} s`)
}
console.log(`\nAll checks passed in ${((Date.now() - begun) / 1000).toFixed(1)} s.`)
