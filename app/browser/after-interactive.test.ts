import { describe, expect, it, vi } from 'vitest'
import { afterInteractive } from '~/browser/after-interactive'

/** A window whose `load` and idle callbacks the test fires. */
function fakeWindow(readyState: DocumentReadyState) {
  const listeners = new Map<string, () => void>()
  const idle: (() => void)[] = []
  const win = {
    document: { readyState },
    addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
    removeEventListener: (name: string) => listeners.delete(name),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    cancelIdleCallback: vi.fn(),
    setTimeout: vi.fn(),
    clearTimeout: vi.fn(),
  }
  return {
    win: win as unknown as Window,
    load: () => listeners.get('load')?.(),
    idle: () => idle.splice(0).forEach((callback) => callback()),
  }
}

describe('afterInteractive', () => {
  it('waits for the load event, then for an idle moment', () => {
    const task = vi.fn()
    const { win, load, idle } = fakeWindow('interactive')
    afterInteractive(task, win)
    idle()
    expect(task).not.toHaveBeenCalled()
    load()
    expect(task).not.toHaveBeenCalled()
    idle()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('a loaded page waits only for the idle moment; cancelled, nothing runs', () => {
    const task = vi.fn()
    const { win, idle } = fakeWindow('complete')
    const cancel = afterInteractive(task, win)
    cancel()
    idle()
    expect(task).not.toHaveBeenCalled()
  })
})
