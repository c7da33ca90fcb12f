// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const revalidate = vi.fn()
let state = 'idle'
vi.mock('@remix-run/react', () => ({
  useRevalidator: () => ({ revalidate, state }),
}))

const { usePollWhileVisible } = await import('./use-poll-while-visible')

let visibility: DocumentVisibilityState = 'visible'
let onLine = true
beforeEach(() => {
  onLine = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine)
  vi.useFakeTimers()
  revalidate.mockReset()
  state = 'idle'
  visibility = 'visible'
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function setVisibility(value: DocumentVisibilityState) {
  visibility = value
  document.dispatchEvent(new Event('visibilitychange'))
}

function setOnline(value: boolean) {
  onLine = value
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'))
  })
}

describe('usePollWhileVisible', () => {
  it('waits while the tab is offline (a reload would fail), and goes on with the network', () => {
    renderHook(() => usePollWhileVisible(true, 3000))
    setOnline(false)
    vi.advanceTimersByTime(30_000)
    setVisibility('hidden')
    setVisibility('visible')
    expect(revalidate).not.toHaveBeenCalled()
    setOnline(true)
    vi.advanceTimersByTime(3000)
    expect(revalidate).toHaveBeenCalledTimes(1)
  })

  it('asks every interval while active and visible', () => {
    renderHook(() => usePollWhileVisible(true, 3000))
    vi.advanceTimersByTime(9000)
    expect(revalidate).toHaveBeenCalledTimes(3)
  })

  it('pauses while the tab is hidden, and asks at once when it is shown again', () => {
    renderHook(() => usePollWhileVisible(true, 3000))
    setVisibility('hidden')
    vi.advanceTimersByTime(30_000)
    expect(revalidate).not.toHaveBeenCalled()
    setVisibility('visible')
    expect(revalidate).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(3000)
    expect(revalidate).toHaveBeenCalledTimes(2)
  })

  it('stops when the order is final', () => {
    const { rerender } = renderHook(({ active }) => usePollWhileVisible(active, 3000), {
      initialProps: { active: true },
    })
    vi.advanceTimersByTime(3000)
    rerender({ active: false })
    vi.advanceTimersByTime(30_000)
    setVisibility('hidden')
    setVisibility('visible')
    expect(revalidate).toHaveBeenCalledTimes(1)
  })

  it('does not double a revalidation still running', () => {
    state = 'loading'
    renderHook(() => usePollWhileVisible(true, 3000))
    vi.advanceTimersByTime(9000)
    expect(revalidate).not.toHaveBeenCalled()
  })
})
