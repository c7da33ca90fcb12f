/**
 * What each patch in patches/ owes (docs/decisions/0161): a unit test that
 * fails without it and names it, a README line saying what retires it, and a
 * Renovate rule that holds its package for a person (an update that drops the
 * patch must not merge by itself).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)

/** `@remix-run+router+1.23.3.patch` -> @remix-run/router, 1.23.3 (patch-package's file name). */
const patches = readdirSync('patches').map((file) => {
  const [, escaped, version] = /^(.+)\+(\d[^+]*)\.patch$/.exec(file) ?? []
  return { file, escaped, name: escaped?.replace('+', '/'), version }
})

const readme = readFileSync('README.md', 'utf8')
const renovate = JSON.parse(readFileSync('renovate.json', 'utf8')) as {
  packageRules: { matchPackageNames?: string[]; dependencyDashboardApproval?: boolean }[]
}
const unitTests = readdirSync('tests/unit')
  .filter((file) => file.endsWith('.test.ts') && file !== 'patches.test.ts')
  .map((file) => ({ file, text: readFileSync(`tests/unit/${file}`, 'utf8') }))

describe.each(patches)('patches/$file', ({ file, escaped, name, version }) => {
  it('patches the installed version', () => {
    expect(name, file).toBeDefined()
    expect(require(`${name}/package.json`).version).toBe(version)
  })

  it('has a unit test that names it', () => {
    const naming = unitTests.filter(({ text }) => text.includes(`patches/${escaped}+`))
    expect(naming.map((t) => t.file)).not.toEqual([])
  })

  it('has a README line saying what retires it', () => {
    const line = readme.split('\n').find((l) => l.trim().startsWith(`${name}:`))
    expect(line, `README patches/ line for ${name}`).toMatch(/retired by/)
  })

  it('is held for approval by a Renovate rule naming it', () => {
    const holding = renovate.packageRules.filter(
      (rule) =>
        rule.dependencyDashboardApproval === true && rule.matchPackageNames?.includes(name!),
    )
    expect(holding).toHaveLength(1)
  })
})
