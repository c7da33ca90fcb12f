/**
 * A link to an absolute path is resolved without the route's matches
 * (docs/decisions/0127). React Router's useResolvedPath turned the matches
 * into JSON and back on every call (twice per <Link>: 169 calls on the
 * logged-in home page, decision 0161) although resolveTo never reads them
 * for a path starting with "/". patches/react-router+*.patch skips that for such paths in the copies
 * the server renders with (UMD production; development for vitest and `npm
 * run dev`); the browser's copy is left as it is (its bytes are counted).
 * These render links from a nested route with both: the same hrefs as before
 * for absolute, relative and ".." paths, and no JSON round trip for the
 * absolute ones (unpatched, that test fails in both builds).
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import * as loaded from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

type ReactRouter = typeof loaded

const require = createRequire(import.meta.url)
const serverBuild = require(
  join(dirname(require.resolve('react-router')), 'umd/react-router.production.min.js'),
) as ReactRouter

afterEach(() => vi.restoreAllMocks())

function hrefs(rr: ReactRouter, targets: string[]): string[] {
  const seen: string[] = []
  function Links(): ReactNode {
    for (const to of targets) seen.push(rr.useHref(to))
    return null
  }
  renderToString(
    createElement(
      rr.MemoryRouter,
      { initialEntries: ['/lotto/stake/thai'] },
      createElement(
        rr.Routes,
        null,
        createElement(
          rr.Route,
          { path: 'lotto' },
          createElement(rr.Route, { path: 'stake/:id', element: createElement(Links) }),
        ),
      ),
    ),
  )
  return seen
}

describe.each([
  ['server (UMD production)', serverBuild],
  ['vitest', loaded],
])('useResolvedPath, %s build', (_name, rr) => {
  it('resolves absolute, relative and parent paths as before', () => {
    expect(
      hrefs(rr, ['/promotion#welcome-100', '/lotto/stake?lotto=lao', '/', 'set', '..', '../..']),
    ).toEqual([
      '/promotion#welcome-100',
      '/lotto/stake?lotto=lao',
      '/',
      '/lotto/stake/thai/set',
      '/lotto',
      '/',
    ])
  })

  it('turns no matches into JSON for a link to an absolute path', () => {
    const stringify = vi.spyOn(JSON, 'stringify')
    const callsFor = (targets: string[]) => {
      stringify.mockClear()
      hrefs(rr, targets)
      return stringify.mock.calls.length
    }
    // The router's own rendering, without links, is the baseline.
    const baseline = callsFor([])
    expect(callsFor(['/promotion', '/news/draw-dates', '/transaction?tab=withdraw'])).toBe(baseline)
    expect(callsFor(['set', '..'])).toBe(baseline + 2)
  })
})
