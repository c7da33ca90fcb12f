// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  askRelease,
  checkForUpdate,
  hurryWaiting,
  watchRelease,
} from '~/browser/service-worker.client'

/** A worker that answers the release message like app/sw/index.ts (or never, with null). */
function worker(release: string | null): ServiceWorker {
  return {
    postMessage(_message: unknown, transfer: MessagePort[]) {
      if (release !== null) transfer[0]?.postMessage({ release, build: 'b', cache: 'c' })
    },
  } as unknown as ServiceWorker
}

/** A window whose document names `own` and whose worker container can change controller. */
function tab(own: string | null) {
  const container = new EventTarget() as EventTarget & { controller: ServiceWorker | null }
  container.controller = worker('old.one')
  const win = {
    document,
    navigator: { serviceWorker: container },
    performance: {
      getEntriesByType: () => [
        { serverTiming: own ? [{ name: 'release', description: own, duration: 0 }] : [] },
      ],
    },
  } as unknown as Window
  const takeOver = (next: ServiceWorker) => {
    container.controller = next
    container.dispatchEvent(new Event('controllerchange'))
  }
  return { win, takeOver }
}

const stale = () => document.documentElement.dataset.release === 'stale'
const settled = () => new Promise((resolve) => setTimeout(resolve, 20))

afterEach(() => {
  delete document.documentElement.dataset.release
})

describe('watchRelease and a new worker taking over', () => {
  it('keeps fresh a page already of the new worker’s release', async () => {
    const { win, takeOver } = tab('new.two')
    const stop = watchRelease(win)
    takeOver(worker('new.two'))
    await settled()
    expect(stale()).toBe(false)
    stop()
  })

  it('marks stale a page of another release than the new worker’s', async () => {
    const { win, takeOver } = tab('old.one')
    const stop = watchRelease(win)
    takeOver(worker('new.two'))
    await expect.poll(stale).toBe(true)
    stop()
  })

  it('marks stale when the page does not know its own release', async () => {
    const { win, takeOver } = tab(null)
    const stop = watchRelease(win)
    takeOver(worker('new.two'))
    await expect.poll(stale).toBe(true)
    stop()
  })
})

describe('askRelease', () => {
  it('gives the release the worker names', async () => {
    await expect(askRelease(worker('new.two'))).resolves.toBe('new.two')
  })

  it('gives null when the worker does not answer in time', async () => {
    await expect(askRelease(worker(null), 10)).resolves.toBeNull()
  })
})

describe('checkForUpdate', () => {
  it('tries a failed check again, and stops at the first that goes through', async () => {
    let calls = 0
    const registration = {
      installing: null as ServiceWorker | null,
      waiting: null,
      update: async () => {
        calls += 1
        if (calls < 3) throw new TypeError('Failed to update a ServiceWorker')
        registration.installing = {} as ServiceWorker
        return undefined as never
      },
    }
    expect(await checkForUpdate(registration, 3, 0)).toBe(true)
    expect(calls).toBe(3)
  })

  it('checks again when a check finds no new worker (an instance still on the old release)', async () => {
    let calls = 0
    const registration = {
      installing: null,
      waiting: null as ServiceWorker | null,
      update: async () => {
        calls += 1
        if (calls === 2) registration.waiting = {} as ServiceWorker
        return undefined as never
      },
    }
    expect(await checkForUpdate(registration, 5, 0)).toBe(true)
    expect(calls).toBe(2)
  })

  it('gives up after its tries', async () => {
    let calls = 0
    const registration = {
      installing: null,
      waiting: null,
      update: async () => {
        calls += 1
        throw new TypeError('offline')
      },
    }
    expect(await checkForUpdate(registration, 2, 0)).toBe(false)
    expect(calls).toBe(2)
  })
})

describe('hurryWaiting', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('tells a worker still waiting after its install to take over, until it has', async () => {
    vi.useFakeTimers()
    const sent: unknown[] = []
    const worker = { postMessage: (m: unknown) => sent.push(m) } as unknown as ServiceWorker
    const registration = {
      installing: worker as ServiceWorker | null,
      waiting: null as ServiceWorker | null,
    }
    const done = hurryWaiting(registration, 5, 1000)
    // Installing at the first check: nothing to tell yet.
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent).toEqual([])
    // Installed, and stalled: told at each check while it waits.
    registration.installing = null
    registration.waiting = worker
    await vi.advanceTimersByTimeAsync(2000)
    expect(sent).toEqual([{ type: 'skip-waiting' }, { type: 'skip-waiting' }])
    // Taken over: no more messages, and no more checks.
    registration.waiting = null
    await vi.advanceTimersByTimeAsync(1000)
    await done
    expect(sent).toHaveLength(2)
  })
})
