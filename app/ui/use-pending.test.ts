// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PENDING_MIN_DISPLAY_MS } from '~/lib/constants'
import { usePending } from '~/ui/use-pending'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function render(initial: boolean) {
  return renderHook(({ busy }) => usePending(busy), { initialProps: { busy: initial } })
}

describe('usePending', () => {
  it('is 200 ms by default, from the product constants', () => {
    expect(PENDING_MIN_DISPLAY_MS).toBe(200)
  })

  it('is idle while nothing is pending', () => {
    const { result } = render(false)
    expect(result.current).toBe(false)
  })

  it('a fetch that ends after 30 ms still shows pending for 200 ms', () => {
    const { result, rerender } = render(false)
    rerender({ busy: true })
    expect(result.current).toBe(true)
    act(() => vi.advanceTimersByTime(30))
    rerender({ busy: false })
    expect(result.current).toBe(true)
    act(() => vi.advanceTimersByTime(169))
    expect(result.current).toBe(true)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(false)
  })

  it('a fetch longer than 200 ms hides as soon as it ends', () => {
    const { result, rerender } = render(false)
    rerender({ busy: true })
    act(() => vi.advanceTimersByTime(350))
    rerender({ busy: false })
    expect(result.current).toBe(false)
  })

  it('a new fetch during the minimum keeps it shown until that fetch ends', () => {
    const { result, rerender } = render(true)
    act(() => vi.advanceTimersByTime(50))
    rerender({ busy: false })
    act(() => vi.advanceTimersByTime(50))
    rerender({ busy: true })
    act(() => vi.advanceTimersByTime(300))
    rerender({ busy: false })
    expect(result.current).toBe(false)
  })
})
