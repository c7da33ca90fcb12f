#!/usr/bin/env node
/**
 * `npm test`: every check, stopping at the first failure: lint and
 * typecheck side by side (each mostly one core), then the unit tests, the
 * production build, and e2e against that build.
 */
import { spawn } from 'node:child_process'

const steps = [
  [
    ['lint', ['npm', 'run', 'lint']],
    ['typecheck', ['npm', 'run', 'typecheck']],
  ],
  [['unit tests', ['npx', 'vitest', 'run']]],
  [['build', ['npm', 'run', 'build']]],
  [['e2e tests', ['npx', 'playwright', 'test']]],
]

/** Runs one check; beside another, its output is kept and printed whole when it ends. */
function run(name, [cmd, ...args], alone) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const child = spawn(cmd, args, { stdio: alone ? 'inherit' : 'pipe', env: process.env })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      if (!alone && output) process.stdout.write(`\n--- ${name}\n${output}`)
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      if (code === 0) console.log(`=== ${name} passed in ${seconds} s`)
      else console.error(`\n${name} failed after ${seconds} s (exit ${code ?? signal}).`)
      resolve(code ?? 1)
    }),
  )
}

const begun = Date.now()
for (const group of steps) {
  const codes = await Promise.all(
    group.map(([name, command]) => run(name, command, group.length === 1)),
  )
  const failed = codes.find((code) => code !== 0)
  if (failed !== undefined) process.exit(failed || 1)
}
console.log(`\nAll checks passed in ${((Date.now() - begun) / 1000).toFixed(1)} s.`)
