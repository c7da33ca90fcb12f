#!/usr/bin/env node
/**
 * The last step of `npm run lint`: every workflow in .github/workflows/
 * (*.yml, *.yaml, so a new one is checked too) against GitHub's workflow
 * schema, offline, with @action-validator/cli (SchemaStore's schema in
 * WebAssembly). A misspelled key, a value of the wrong type, an unknown
 * event or permission fails lint before GitHub sees the file. It checks the
 * file's shape only: not the expressions inside `${{ }}`, nor the inputs an
 * action takes under `with:`.
 *
 * On a failure it prints, per file, the errors of the closest reading of the
 * schema (where the schema allows several shapes, the one with the fewest
 * errors); `npx action-validator <file>` prints the whole report.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const dir = '.github/workflows'
const cli = createRequire(import.meta.url).resolve('@action-validator/cli/cli.mjs')

/**
 * The errors to print: leaves as they are; for a one_of / any_of (`states`,
 * one list of errors per shape the schema allows there), those of the
 * closest shape: not one of another type than the value's, then the fewest errors.
 */
function leaves(errors) {
  return errors.flatMap((error) => {
    if (!error.states?.length) return [error]
    const readings = error.states.map((state) => leaves(state.errors ?? []))
    const otherType = (reading) =>
      reading.some((leaf) => leaf.code === 'wrong_type' && leaf.path === error.path)
    const sameType = readings.filter((reading) => !otherType(reading))
    return (sameType.length ? sameType : readings).reduce((best, reading) =>
      reading.length < best.length ? reading : best,
    )
  })
}

function summary(output) {
  try {
    const report = JSON.parse(output)
    const lines = leaves(report.errors ?? []).map(
      (error) => `  ${error.path || '/'}: ${error.detail ?? error.title ?? error.code}`,
    )
    return [...new Set(lines)].join('\n')
  } catch {
    return output.trim()
  }
}

const files = existsSync(join(root, dir))
  ? readdirSync(join(root, dir))
      .filter((name) => /\.ya?ml$/.test(name))
      .sort()
      .map((name) => `${dir}/${name}`)
  : []
if (files.length === 0) {
  console.error(`No workflow in ${dir}/ to validate.`)
  process.exit(1)
}

let failed = 0
for (const file of files) {
  const run = spawnSync(process.execPath, [cli, file], { cwd: root, encoding: 'utf8' })
  if (run.status === 0) continue
  failed++
  console.error(`${file}: not a valid GitHub workflow:`)
  console.error(summary(run.stderr || run.stdout))
  console.error(`  (the whole report: npx action-validator ${file})`)
}
if (failed > 0) process.exit(1)
console.log(`Workflows valid: ${files.join(', ')}`)
