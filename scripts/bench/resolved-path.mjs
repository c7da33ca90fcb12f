#!/usr/bin/env node
/**
 * What patches/react-router+*.patch saves (docs/decisions/0161): the server's
 * React Router build (UMD production) as installed and as it was before the
 * patch (the patch's minified line put back, in memory: node_modules is not
 * touched), both loaded in this process. Each renders a page of links to
 * absolute paths in a route three levels deep, as the logged-in home does
 * (169 resolutions: a <Link> resolves twice, useHref and its click handler),
 * alternating, best of --rounds. Prints ms per page and µs per resolution.
 *
 *   node scripts/bench/resolved-path.mjs [--resolutions=169] [--rounds=25]
 */
import { readdirSync, readFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'

process.env.NODE_ENV = 'production'
const { values } = parseArgs({
  options: {
    resolutions: { type: 'string', default: '169' },
    rounds: { type: 'string', default: '25' },
  },
})
const resolutions = Number(values.resolutions)
const rounds = Number(values.rounds)

const require = createRequire(import.meta.url)
const React = require('react')
const { renderToString } = require('react-dom/server')
const file = join(dirname(require.resolve('react-router')), 'umd/react-router.production.min.js')
const patched = readFileSync(file, 'utf8')
const patchFile = readdirSync('patches').find((f) => f.startsWith('react-router+'))
const diff = readFileSync(join('patches', patchFile), 'utf8').split('\n')
const hunk = diff.indexOf(diff.find((l) => l.startsWith('+++') && l.endsWith('production.min.js')))
const before = diff
  .slice(hunk)
  .find((l) => l.startsWith('-!function'))
  .slice(1)
const after = diff
  .slice(hunk)
  .find((l) => l.startsWith('+!function'))
  .slice(1)
if (!patched.includes(after)) throw new Error(`${file} is not patched as ${patchFile} says`)

/** The build's text as a CommonJS module at the installed file's path (its requires resolve alike). */
function load(text) {
  const m = new Module(file)
  m.filename = file
  m.paths = Module._nodeModulePaths(dirname(file))
  m._compile(text, file)
  return m.exports
}
const builds = { unpatched: load(patched.replace(after, () => before)), patched: load(patched) }

const h = React.createElement
function page(rr) {
  function Links() {
    const links = []
    for (let i = 0; i < resolutions / 2; i++) {
      const to = `/lotto/stake?lotto=${i % 20}`
      links.push(h('a', { key: i, href: rr.useHref(to) }, rr.useResolvedPath(to).pathname))
    }
    return h('nav', null, links)
  }
  return h(
    rr.MemoryRouter,
    { initialEntries: ['/lotto/stake/thai'] },
    h(
      rr.Routes,
      null,
      h(
        rr.Route,
        { path: '/', element: h(rr.Outlet) },
        h(
          rr.Route,
          { path: 'lotto', element: h(rr.Outlet) },
          h(rr.Route, { path: 'stake/:id', element: h(Links) }),
        ),
      ),
    ),
  )
}

const RENDERS = 200
const best = { unpatched: Infinity, patched: Infinity }
for (let round = 0; round < rounds + 5; round++) {
  for (const name of round % 2 ? ['patched', 'unpatched'] : ['unpatched', 'patched']) {
    const element = page(builds[name])
    const start = process.hrtime.bigint()
    for (let i = 0; i < RENDERS; i++) renderToString(element)
    const ms = Number(process.hrtime.bigint() - start) / 1e6 / RENDERS
    // The first five rounds warm the JIT up.
    if (round >= 5) best[name] = Math.min(best[name], ms)
  }
}
const saved = best.unpatched - best.patched
console.log(
  `${resolutions} resolutions of absolute paths per render, best of ${rounds} rounds: ` +
    `unpatched ${best.unpatched.toFixed(3)} ms, patched ${best.patched.toFixed(3)} ms, ` +
    `saved ${saved.toFixed(3)} ms per page (${((saved / resolutions) * 1000).toFixed(2)} µs per resolution)`,
)
