/**
 * Route matching computed once per route tree (docs/decisions/0112).
 *
 * Remix matches every request's URL against the routes several times, and
 * React Router's `matchRoutes` flattened and ranked the whole tree and
 * compiled a RegExp per path each time. patches/@remix-run+router+*.patch
 * keeps the ranked branches and the matches of each pathname by the tree's
 * shape, the compiled paths by pattern and links' resolved paths by base. These check, on the file the server loads (router.cjs.js), that
 * the work is done once and that the matches are the same as before: route
 * objects of the array given, params of optional segments, splats and index
 * routes. Unpatched, four of them fail (one more without the generation bump).
 */
import { createRequire } from 'node:module'
import type * as Router from '@remix-run/router'
import { afterEach, describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const router = require('@remix-run/router') as typeof Router
const { createMemoryHistory, createRouter, matchPath, matchRoutes, resolvePath } = router

type Route = Router.AgnosticRouteObject

/** A tree shaped like the app's: a root, a pathless layout, optional segments, splats, index routes. */
function tree(extra = ''): Route[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'home', index: true },
        { id: 'login', path: 'login' },
        {
          id: 'member',
          children: [
            { id: 'lotto', path: 'lotto' },
            { id: 'lotto-play', path: 'lotto/:id' },
            { id: 'news', path: 'news/:slug?' },
            { id: 'deposit', path: 'deposit/:step?' },
            {
              id: 'orders',
              path: 'orders',
              children: [
                { id: 'orders-index', index: true },
                { id: 'order', path: ':orderId' },
              ],
            },
            { id: 'Cased', path: 'Cased', caseSensitive: true },
            ...(extra ? [{ id: 'extra', path: extra }] : []),
          ],
        },
        { id: 'games', path: 'games/*' },
        { id: 'not-found', path: '*' },
      ],
    },
  ]
}

/** What each path matches: the route ids from the root down, and the params. */
const EXPECTED: [string, string[], Record<string, string | undefined>][] = [
  ['/', ['root', 'home'], {}],
  ['/login', ['root', 'login'], {}],
  ['/login/', ['root', 'login'], {}],
  ['/LOGIN', ['root', 'login'], {}],
  ['/lotto', ['root', 'member', 'lotto'], {}],
  ['/lotto/42', ['root', 'member', 'lotto-play'], { id: '42' }],
  ['/news', ['root', 'member', 'news'], { slug: undefined }],
  ['/news/%E0%B8%82%E0%B9%88%E0%B8%B2%E0%B8%A7', ['root', 'member', 'news'], { slug: 'ข่าว' }],
  ['/deposit', ['root', 'member', 'deposit'], { step: undefined }],
  ['/deposit/pay', ['root', 'member', 'deposit'], { step: 'pay' }],
  ['/orders', ['root', 'member', 'orders', 'orders-index'], {}],
  ['/orders/A-17', ['root', 'member', 'orders', 'order'], { orderId: 'A-17' }],
  ['/Cased', ['root', 'member', 'Cased'], {}],
  ['/cased', ['root', 'not-found'], { '*': 'cased' }],
  ['/games', ['root', 'games'], { '*': '' }],
  ['/games/slot/pg', ['root', 'games'], { '*': 'slot/pg' }],
  ['/nothing/here', ['root', 'not-found'], { '*': 'nothing/here' }],
]

/** Every route object of a tree, by id. */
function byId(routes: Route[], into = new Map<string, Route>()): Map<string, Route> {
  for (const route of routes) {
    into.set(route.id ?? '', route)
    if (route.children) byId(route.children, into)
  }
  return into
}

function expectMatches(routes: Route[]) {
  const objects = byId(routes)
  for (const [path, ids, params] of EXPECTED) {
    const matches = matchRoutes(routes, path)
    expect(
      matches?.map((m) => m.route.id),
      path,
    ).toEqual(ids)
    expect(matches?.at(-1)?.params, path).toEqual(params)
    // The route objects are those of the array given, not of another tree of the same shape.
    for (const m of matches ?? []) expect(m.route, path).toBe(objects.get(m.route.id ?? ''))
  }
}

const NativeRegExp = globalThis.RegExp
afterEach(() => {
  globalThis.RegExp = NativeRegExp
})

/** Counts `new RegExp(...)` while `work` runs (literals are not constructions). */
function regExpsBuiltBy(work: () => void): number {
  let built = 0
  globalThis.RegExp = new Proxy(NativeRegExp, {
    construct(target, args: [string, string?]) {
      built += 1
      return new target(...args)
    },
  })
  try {
    work()
  } finally {
    globalThis.RegExp = NativeRegExp
  }
  return built
}

/** Counts the RegExps run against a pathname (`String#match`) while `work` runs. */
function regExpsRunBy(work: () => void): number {
  let runs = 0
  const proto = NativeRegExp.prototype as unknown as Record<symbol, unknown>
  const match = proto[Symbol.match] as (this: RegExp, s: string) => RegExpMatchArray | null
  proto[Symbol.match] = function (this: RegExp, s: string) {
    runs += 1
    return match.call(this, s)
  }
  try {
    work()
  } finally {
    proto[Symbol.match] = match
  }
  return runs
}

/** Counts reads of `path` on every route of `routes` while `work` runs. */
function pathReadsBy(routes: Route[], work: () => void): number {
  let reads = 0
  for (const route of byId(routes).values()) {
    const value = route.path
    Object.defineProperty(route, 'path', {
      enumerable: true,
      get() {
        reads += 1
        return value
      },
    })
  }
  work()
  return reads
}

describe('matchRoutes with the ranked branches kept', () => {
  it('matches as before: cold, warm, and on a fresh tree of the same shape', () => {
    const routes = tree()
    expectMatches(routes)
    expectMatches(routes)
    expectMatches(tree())
  })

  it('compiles each path once, for other pathnames and fresh trees of the same shape too', () => {
    const routes = tree('compiled-once')
    const first = regExpsBuiltBy(() => EXPECTED.forEach(([p]) => matchRoutes(routes, p)))
    expect(first).toBeGreaterThan(0)
    const others = ['/lotto/43', '/news/other', '/deposit/done', '/orders/B-2', '/games/x', '/y']
    expect(regExpsBuiltBy(() => others.forEach((p) => matchRoutes(routes, p)))).toBe(0)
    const fresh = tree('compiled-once')
    expect(regExpsBuiltBy(() => EXPECTED.forEach(([p]) => matchRoutes(fresh, p)))).toBe(0)
    expect(matchRoutes(fresh, '/orders/B-2')?.at(-1)?.params).toEqual({ orderId: 'B-2' })
  })

  it('flattens a routes array once: later matches do not read its routes again', () => {
    const routes = tree('flattened-once')
    matchRoutes(routes, '/')
    expect(pathReadsBy(routes, () => EXPECTED.forEach(([p]) => matchRoutes(routes, p)))).toBe(0)
    expectMatches(routes)
  })

  it('matches a pathname once: the same path again runs no RegExp, on any tree of that shape', () => {
    const routes = tree('matched-once')
    const paths = EXPECTED.map(([path]) => path)
    expect(regExpsRunBy(() => paths.forEach((p) => matchRoutes(routes, p)))).toBeGreaterThan(0)
    expect(regExpsRunBy(() => paths.forEach((p) => matchRoutes(routes, p)))).toBe(0)
    const fresh = tree('matched-once')
    expect(regExpsRunBy(() => paths.forEach((p) => matchRoutes(fresh, p)))).toBe(0)
    expectMatches(fresh)
  })

  it('gives fresh matches each time, one params object shared along a match as before', () => {
    const routes = tree()
    const first = matchRoutes(routes, '/orders/A-17') ?? []
    const [head] = first
    if (!head) throw new Error('/orders/A-17 did not match')
    expect(head.params).toBe(first.at(-1)?.params)
    ;(head.params as Record<string, string>).orderId = 'changed'
    head.pathname = '/changed'
    const again = matchRoutes(routes, '/orders/A-17') ?? []
    expect(again[0]?.params).toEqual({ orderId: 'A-17' })
    expect(again[0]?.params).not.toBe(head.params)
    expect(again.map((m) => [m.pathname, m.pathnameBase])).toEqual([
      ['/', '/'],
      ['/', '/'],
      ['/orders', '/orders'],
      ['/orders/A-17', '/orders/A-17'],
    ])
  })

  it('ranks a tree of another shape afresh', () => {
    const routes = tree()
    expect(matchRoutes(routes, '/promotion')?.map((m) => m.route.id)).toEqual(['root', 'not-found'])
    const other = tree('promotion')
    expect(matchRoutes(other, '/promotion')?.map((m) => m.route.id)).toEqual([
      'root',
      'member',
      'extra',
    ])
    expectMatches(other)
  })

  it('sees routes patched into the same array in place', () => {
    const r = createRouter({
      routes: [{ id: 'root', path: '/', children: [{ id: 'lotto', path: 'lotto' }] }],
      history: createMemoryHistory(),
    })
    const routes = r.routes
    expect(matchRoutes(routes, '/lotto/late')).toBeNull()
    r.patchRoutes('lotto', [{ id: 'late', path: 'late' }])
    expect(matchRoutes(routes, '/lotto/late')?.map((m) => m.route.id)).toEqual([
      'root',
      'lotto',
      'late',
    ])
    r.dispose()
  })

  it("resolves a link's path once per base, with the same answers", () => {
    const links: [string, string, string][] = [
      ['/lotto/stake', '/', '/lotto/stake'],
      ['../result', '/lotto/stake', '/lotto/result'],
      ['./set/7', '/lotto', '/lotto/set/7'],
      ['..', '/', '/'],
      ['../../..', '/a/b', '/'],
    ]
    const resolveAll = () => links.map(([to, from]) => resolvePath(to, from).pathname)
    expect(resolveAll()).toEqual(links.map(([, , pathname]) => pathname))
    const proto = NativeRegExp.prototype as unknown as Record<symbol, unknown>
    const replace = proto[Symbol.replace] as (this: RegExp, ...args: unknown[]) => string
    let runs = 0
    proto[Symbol.replace] = function (this: RegExp, ...args: unknown[]) {
      runs += 1
      return replace.apply(this, args)
    }
    try {
      expect(resolveAll()).toEqual(links.map(([, , pathname]) => pathname))
    } finally {
      proto[Symbol.replace] = replace
    }
    expect(runs).toBe(0)
  })

  it('keeps case sensitivity and the end of a path apart', () => {
    expect(matchPath({ path: '/Keep', caseSensitive: true }, '/keep')).toBeNull()
    expect(matchPath({ path: '/Keep', caseSensitive: false }, '/keep')?.pathname).toBe('/keep')
    expect(matchPath({ path: '/keep', end: true }, '/keep/more')).toBeNull()
    expect(matchPath({ path: '/keep', end: false }, '/keep/more')?.pathnameBase).toBe('/keep')
  })
})
