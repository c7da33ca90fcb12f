// @vitest-environment jsdom
/**
 * The loading bar's timing rules, with fake timers and a stand-in for the
 * router's navigation state (the e2e test checks a real slow navigation).
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoadingBar } from '~/ui/loading-bar'

const router = vi.hoisted(() => ({
  state: 'idle' as 'idle' | 'loading',
  error: null as unknown,
}))

vi.mock('@remix-run/react', () => ({
  useNavigation: () => ({ state: router.state }),
  useRouteError: () => router.error,
}))

beforeEach(() => {
  vi.useFakeTimers()
  router.state = 'idle'
  // What useRouteError() answers outside an error boundary.
  router.error = null
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms)
  })
}

/** The bar's percentage, or null when it is not shown. */
function shown(): number | null {
  const bar = screen.queryByRole('progressbar')
  return bar ? Number(bar.getAttribute('aria-valuenow')) : null
}

/** Renders the bar as the root does; `key` stands for the page or the error page. */
function renderBar(key = 'page') {
  const view = render(<LoadingBar key={key} />)
  return (next: { state: 'idle' | 'loading'; error?: unknown }, nextKey = key) => {
    router.state = next.state
    router.error = next.error ?? null
    view.rerender(<LoadingBar key={nextKey} />)
  }
}

describe('LoadingBar', () => {
  it('a navigation that ends within 200 ms never shows the bar', () => {
    const update = renderBar()
    update({ state: 'loading' })
    advance(199)
    expect(shown()).toBeNull()
    update({ state: 'idle' })
    advance(2000)
    expect(shown()).toBeNull()
  })

  it('appears at 200 ms, grows 2 % every 100 ms, reaches 100 % at 5000 ms and waits', () => {
    const update = renderBar()
    update({ state: 'loading' })
    advance(200)
    expect(shown()).toBe(0)
    advance(100)
    expect(shown()).toBe(2)
    advance(900)
    expect(shown()).toBe(20)
    advance(4000)
    expect(shown()).toBe(100)
    advance(10_000)
    expect(shown()).toBe(100)
  })

  it('on finish jumps to 100 % and hides 500 ms later', () => {
    const update = renderBar()
    update({ state: 'loading' })
    advance(1200)
    expect(shown()).toBe(20)
    update({ state: 'idle' })
    expect(shown()).toBe(100)
    advance(499)
    expect(shown()).toBe(100)
    advance(1)
    expect(shown()).toBeNull()
  })

  it('is 2 px high, at the top, in the signal colour with a glow', () => {
    const update = renderBar()
    update({ state: 'loading' })
    advance(300)
    const bar = screen.getByRole('progressbar', { name: 'กำลังโหลด' })
    expect(bar.style.height).toBe('2px')
    expect(bar.className).toContain('top-0')
    expect(bar.className).toContain('bg-signal')
    expect(bar.className).toMatch(/shadow-\[0_0_8px/)
    expect(bar.dataset.failed).toBeUndefined()
  })

  it('a navigation that ends on the error page finishes in the failure colour', () => {
    const update = renderBar('page')
    update({ state: 'loading' })
    advance(700)
    expect(shown()).toBe(10)
    // The root swaps the page for its error boundary: a new bar is mounted.
    update({ state: 'idle', error: new Error('backend down') }, 'error-page')
    expect(shown()).toBe(100)
    const bar = screen.getByRole('progressbar')
    expect(bar.dataset.failed).toBe('true')
    expect(bar.className).toContain('bg-danger')
    expect(bar.className).not.toContain('bg-signal')
    advance(500)
    expect(shown()).toBeNull()
  })

  it('a later navigation starts hidden again', () => {
    const update = renderBar()
    update({ state: 'loading' })
    advance(150)
    update({ state: 'idle' })
    advance(600)
    update({ state: 'loading' })
    advance(100)
    expect(shown()).toBeNull()
    advance(100)
    expect(shown()).toBe(0)
  })
})
