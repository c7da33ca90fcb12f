#!/usr/bin/env node
/**
 * Part of `npm run lint`: the import graph of app/ against its layers
 * (scripts/lib/layers.mjs, docs/decisions/0167). Type-only imports count:
 * `import type` ties modules together as much as any other import.
 *
 * - No module imports a layer above its own, another domain, the browser's
 *   code from a server-only layer, or a server layer from app/ui/. Tests but
 *   the backend's are left out of this (a test may reach across layers to
 *   set a case up), as in ESLint.
 * - No circle of imports, tests included.
 * - Every folder of app/ has its layer. app/lib/ runs on both sides: no
 *   `*.server`/`*.client` module and no use of window, document, navigator or
 *   the storages but `typeof` guards; those go to app/browser/, which holds no
 *   `*.server` module.
 *
 * A small regex reading, not a TypeScript parse: comments are dropped first,
 * and every `import`/`export … from` and `import('…')` with a literal
 * specifier is an edge. `--list` prints every upward arrow and circle found.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { layerOf, refusal } from './lib/layers.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const app = join(root, 'app')
const isTest = (path) => /\.test\.tsx?$/.test(path)

function modules(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return modules(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** Source without comments (a `//` after `:` or a quote is a URL or a string, kept). */
export function withoutComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]*?\s*from\s*)?['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g

/** The specifiers a module imports (type-only ones included). */
export function specifiers(source) {
  return [...withoutComments(source).matchAll(IMPORT)].map((m) => m[1] ?? m[2])
}

function resolveImport(from, specifier) {
  let base
  if (specifier.startsWith('~/')) base = join(app, specifier.slice(2))
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier)
  else return null
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const path = base + suffix
    if (existsSync(path) && statSync(path).isFile()) return path
  }
  return null
}

const BROWSER_GLOBAL = /\b(window|document|navigator|localStorage|sessionStorage)\b/g

/** Where a module sits in a folder that says it runs elsewhere. */
function misplaced(path, source) {
  const [folder] = path.split('/')
  if (!layerOf(path)) return `app/${folder}/ has no layer in scripts/lib/layers.mjs`
  if (folder === 'lib' && /\.(server|client)\.tsx?$/.test(path)) {
    return 'app/lib/ runs on both sides: a *.server or *.client module goes to its side'
  }
  if (folder === 'browser' && /\.server\.tsx?$/.test(path)) {
    return 'app/browser/ holds no *.server module'
  }
  if (folder === 'lib' && !isTest(path)) {
    const code = withoutComments(source).replace(/typeof\s+\w+/g, '')
    const used = [...code.matchAll(BROWSER_GLOBAL)].map((m) => m[1])
    if (used.length > 0) {
      return `app/lib/ runs on both sides, this uses ${[...new Set(used)].join(', ')}: it goes to app/browser/`
    }
  }
  return null
}

/** Tarjan's strongly connected components of more than one module (or a self-import). */
function circles(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  let next = 0
  function visit(v) {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) === index.get(v)) {
      const component = []
      let w
      do {
        w = stack.pop()
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

function main() {
  const list = process.argv.includes('--list')
  const graph = new Map()
  const upward = []
  const placed = []
  let imports = 0
  for (const file of modules(app)) {
    const from = relative(app, file)
    const source = readFileSync(file, 'utf8')
    const wrong = misplaced(from, source)
    if (wrong) placed.push(`${from}: ${wrong}`)
    const edges = new Set()
    for (const specifier of specifiers(source)) {
      const target = resolveImport(file, specifier)
      if (!target || !target.startsWith(app + '/')) continue
      const to = relative(app, target)
      imports++
      edges.add(to)
      // Tests may reach across layers to set a case up; the backend's do not (as in ESLint).
      const crosses = isTest(from) && layerOf(from)?.name !== 'backend'
      const why = crosses ? null : refusal(from, to)
      if (why) upward.push(`${from} -> ${to}: ${why}`)
    }
    graph.set(from, edges)
  }
  const found = circles(graph)
  console.log(
    `check-imports: ${graph.size} modules, ${imports} imports in app/ (type-only included): ` +
      `${upward.length} against the layers, ${found.length} circles, ${placed.length} misplaced.`,
  )
  const failed = upward.length + found.length + placed.length > 0
  if (failed || list) {
    for (const line of upward) console.log(`  layer: ${line}`)
    for (const component of found) console.log(`  circle: ${component.join(', ')}`)
    for (const line of placed) console.log(`  folder: ${line}`)
  }
  if (failed) {
    console.log('See scripts/lib/layers.mjs and docs/decisions/0167 for the layers.')
    process.exitCode = 1
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
