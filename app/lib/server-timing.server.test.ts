import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { installFrontDoor } from '~/lib/front-door.server'
import {
  currentTiming,
  RequestTiming,
  setServerTiming,
  timedBackendCall,
  timeRequest,
} from '~/lib/server-timing.server'

describe('RequestTiming', () => {
  it('backend is the wall time of the calls, the rest is the app’s', () => {
    const t = new RequestTiming(100)
    const end = t.backendCall(102)
    end(110)
    expect(t.backendMs(115)).toBe(8)
    expect(t.header(115)).toBe('backend;dur=8.0, app;dur=7.0')
  })

  it('calls running side by side count once; a gap between them is the app’s', () => {
    const t = new RequestTiming(0)
    const a = t.backendCall(1)
    const b = t.backendCall(2)
    a(5)
    b(7) // 1..7 with at least one call running: 6
    const c = t.backendCall(10)
    c(12) // 7..10 was the app's
    expect(t.header(13)).toBe('backend;dur=8.0, app;dur=5.0')
  })

  it('a call still running counts up to now; ending a call twice counts it once', () => {
    const t = new RequestTiming(0)
    const a = t.backendCall(1)
    expect(t.backendMs(4)).toBe(3)
    a(5)
    a(9)
    expect(t.backendMs(20)).toBe(4)
    const b = t.backendCall(21)
    const c = t.backendCall(22)
    b(23)
    b(24) // b again: c is still running, the clock must not stop
    expect(t.backendMs(30)).toBe(4 + 9)
    c(30)
    expect(t.backendMs(40)).toBe(13)
  })
})

describe('timeRequest and timedBackendCall', () => {
  it('backend calls made while handling a request (after awaits too) land on its clock', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(0)
    const clock = await timeRequest(async () => {
      const timing = currentTiming()
      await Promise.resolve()
      const now = vi.mocked(performance.now)
      now.mockReturnValue(5)
      await timedBackendCall(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        now.mockReturnValue(25)
      })
      now.mockReturnValue(30)
      return timing
    })
    expect(clock?.header(30)).toBe('backend;dur=20.0, app;dur=10.0')
  })

  it('a failed call still ends (its time is counted) and its error goes on', async () => {
    const clock = await timeRequest(async () => {
      await expect(timedBackendCall(() => Promise.reject(new Error('down')))).rejects.toThrow(
        'down',
      )
      return currentTiming()
    })
    expect(clock?.backendMs(performance.now() + 1000)).toBeLessThan(1000)
  })

  it('two requests keep their own clocks; outside a request there is none', async () => {
    const [a, b] = await Promise.all([
      timeRequest(async () => {
        await new Promise((resolve) => setTimeout(resolve, 2))
        return currentTiming()
      }),
      timeRequest(async () => currentTiming()),
    ])
    expect(a).toBeInstanceOf(RequestTiming)
    expect(b).toBeInstanceOf(RequestTiming)
    expect(a).not.toBe(b)
    expect(currentTiming()).toBeUndefined()
    await expect(timedBackendCall(async () => 'answer')).resolves.toBe('answer')
  })

  it('setServerTiming writes the header only when there is a clock', () => {
    const headers = new Headers()
    setServerTiming(headers, undefined)
    expect(headers.has('Server-Timing')).toBe(false)
    setServerTiming(headers, new RequestTiming(performance.now()))
    expect(headers.get('Server-Timing')).toMatch(/^backend;dur=0\.0, app;dur=\d+\.\d$/)
  })
})

describe('the front door starts the clock', () => {
  it('for a page or data request, not for a build file', () => {
    const seen: Array<RequestTiming | undefined> = []
    const application = { handle: (..._args: unknown[]) => seen.push(currentTiming()) }
    installFrontDoor(application as never)
    const res = { headersSent: false, once: vi.fn() } as unknown as ServerResponse
    const get = (url: string) =>
      ({ method: 'GET', url, headers: {}, socket: {} }) as unknown as IncomingMessage
    application.handle.call(application, get('/'), res)
    application.handle.call(application, get('/_root.data'), res)
    application.handle.call(application, get('/build/root-ABC.js'), res)
    expect(seen[0]).toBeInstanceOf(RequestTiming)
    expect(seen[1]).toBeInstanceOf(RequestTiming)
    expect(seen[0]).not.toBe(seen[1])
    expect(seen[2]).toBeUndefined()
  })
})
