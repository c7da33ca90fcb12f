// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  focusPageHeading,
  installPageTransitions,
  isPageChange,
  targetPathname,
} from '~/browser/page-change'

describe('targetPathname', () => {
  const here = 'http://app.test/games/lobby?provider=pg'
  it.each([
    ['/lotto', '/lotto'],
    ['?provider=jili&page=2', '/games/lobby'],
    ['', '/games/lobby'],
    ['/lotto/stake?lotto=thai', '/lotto/stake'],
  ])('%s leads to %s', (to, path) => {
    expect(targetPathname(to, here)).toBe(path)
  })
  it('reads a path object; a search-only object stays on the page', () => {
    expect(targetPathname({ pathname: '/slot' }, here)).toBe('/slot')
    expect(targetPathname({}, here)).toBe('/games/lobby')
  })
  it('a move in history has no target', () => {
    expect(targetPathname(-1, here)).toBeNull()
  })
})

describe('isPageChange', () => {
  it('another page is a change; a new search of the same page is not', () => {
    expect(isPageChange({ pathname: '/' }, { pathname: '/lotto' })).toBe(true)
    expect(isPageChange({ pathname: '/games/lobby' }, { pathname: '/games/lobby' })).toBe(false)
  })
  it('the same page with the focus lost is a change (focus goes to the heading)', () => {
    expect(isPageChange({ pathname: '/lotto' }, { pathname: '/lotto' }, true)).toBe(true)
  })
})

describe('installPageTransitions', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  function fakeWindow({ viewTransitions = true, reducedMotion = false } = {}) {
    const navigate = vi.fn(async (..._args: unknown[]) => {})
    const doc = viewTransitions ? { startViewTransition: () => {} } : {}
    const win = {
      __remixRouter: { navigate },
      document: doc,
      location: new URL('http://app.test/lotto?x=1'),
      matchMedia: () => ({ matches: reducedMotion }),
    }
    return {
      win: win as unknown as Window & { __remixRouter: { navigate: typeof navigate } },
      navigate,
    }
  }

  it('asks for a transition to another page only', async () => {
    const { win, navigate } = fakeWindow()
    installPageTransitions(win)
    await win.__remixRouter.navigate('/lotto/result', { replace: true })
    expect(navigate).toHaveBeenLastCalledWith('/lotto/result', {
      replace: true,
      viewTransition: true,
    })
    await win.__remixRouter.navigate('?x=2')
    expect(navigate).toHaveBeenLastCalledWith('?x=2', { viewTransition: false })
    await win.__remixRouter.navigate(-1)
    expect(navigate).toHaveBeenLastCalledWith(-1, undefined)
  })

  it("keeps the caller's own choice", async () => {
    const { win, navigate } = fakeWindow()
    installPageTransitions(win)
    await win.__remixRouter.navigate('/slot', { viewTransition: false })
    expect(navigate).toHaveBeenLastCalledWith('/slot', { viewTransition: false })
  })

  it('no transition with prefers-reduced-motion', async () => {
    const { win, navigate } = fakeWindow({ reducedMotion: true })
    installPageTransitions(win)
    await win.__remixRouter.navigate('/slot')
    expect(navigate).toHaveBeenLastCalledWith('/slot', { viewTransition: false })
  })

  it('leaves the router alone where the browser has no View Transitions, and installs once', () => {
    const bare = fakeWindow({ viewTransitions: false })
    const original = bare.win.__remixRouter.navigate
    installPageTransitions(bare.win)
    expect(bare.win.__remixRouter.navigate).toBe(original)

    const { win } = fakeWindow()
    installPageTransitions(win)
    const once = win.__remixRouter.navigate
    installPageTransitions(win)
    expect(win.__remixRouter.navigate).toBe(once)
  })
})

describe('focusPageHeading', () => {
  it('focuses the h1 in <main>, made focusable by script', () => {
    document.body.innerHTML = '<h1>outside</h1><main><p>x</p><h1 id="t">หวย</h1></main>'
    focusPageHeading(document)
    const h1 = document.getElementById('t')!
    expect(document.activeElement).toBe(h1)
    expect(h1.getAttribute('tabindex')).toBe('-1')
  })
  it('focuses <main> when the page has no h1', () => {
    document.body.innerHTML = '<main tabindex="-1"><p>x</p></main>'
    focusPageHeading(document)
    expect(document.activeElement?.tagName).toBe('MAIN')
  })
})
