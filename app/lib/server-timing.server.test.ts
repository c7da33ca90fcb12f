import { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { installFrontDoor } from '~/lib/front-door.server'
import { REQUEST_KEY_HEADER, stampRequest } from '~/lib/request-key.server'
import {
  followBackendTime,
  requestTiming,
  RequestTiming,
  setServerTiming,
  startTiming,
  timedBackendCall,
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

/** What the front door does for one HTTP request, and a copy of it as Remix gives each loader. */
function stampedRequest() {
  const req = { method: 'GET', url: '/', headers: {} as Record<string, string>, socket: {} }
  const res = new EventEmitter()
  const memo = stampRequest(req as unknown as IncomingMessage, res as unknown as ServerResponse)
  const copy = () =>
    new Request('http://app.test/', {
      headers: { [REQUEST_KEY_HEADER]: String(req.headers[REQUEST_KEY_HEADER]) },
    })
  return { memo, copy, close: () => res.emit('close') }
}

describe('a request’s clock', () => {
  it('starts at the front door and is the same for every loader’s copy of the request', () => {
    const { memo, copy, close } = stampedRequest()
    startTiming(memo, 40)
    expect(requestTiming(copy())?.started).toBe(40)
    expect(requestTiming(copy())).toBe(requestTiming(copy()))
    close()
    expect(requestTiming(copy())).toBeUndefined()
  })

  it('counts the backend calls made with a followed request’s signal, and only those', async () => {
    const { memo, copy, close } = stampedRequest()
    startTiming(memo, 0)
    const loader = copy()
    const other = copy()
    followBackendTime(loader)
    const now = vi.spyOn(performance, 'now').mockReturnValue(5)
    await timedBackendCall(loader.signal, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      now.mockReturnValue(25)
    })
    // The same wait with a signal nobody followed (another loader, no guard) is the app's.
    await timedBackendCall(other.signal, async () => now.mockReturnValue(35))
    await timedBackendCall(undefined, async () => now.mockReturnValue(40))
    expect(requestTiming(loader)?.header(40)).toBe('backend;dur=20.0, app;dur=20.0')
    close()
  })

  it('a failed call still ends (its time is counted) and its error goes on', async () => {
    const { memo, copy, close } = stampedRequest()
    startTiming(memo, 0)
    const loader = copy()
    followBackendTime(loader)
    const now = vi.spyOn(performance, 'now').mockReturnValue(1)
    const failing = timedBackendCall(loader.signal, async () => {
      now.mockReturnValue(4)
      throw new Error('down')
    })
    await expect(failing).rejects.toThrow('down')
    expect(requestTiming(loader)?.backendMs(100)).toBe(3)
    close()
  })

  it('without a clock (a request the door did not stamp) nothing is counted or sent', async () => {
    const request = new Request('http://app.test/')
    followBackendTime(request)
    expect(requestTiming(request)).toBeUndefined()
    await expect(timedBackendCall(request.signal, async () => 'answer')).resolves.toBe('answer')
    const headers = new Headers()
    setServerTiming(headers, requestTiming(request))
    expect(headers.has('Server-Timing')).toBe(false)
    setServerTiming(headers, new RequestTiming(performance.now()))
    expect(headers.get('Server-Timing')).toMatch(/^backend;dur=0\.0, app;dur=\d+\.\d$/)
  })
})

describe('the front door starts the clock', () => {
  it('for a page or data request, not for a build file', () => {
    const application = { handle: vi.fn() }
    installFrontDoor(application as never)
    const res = { headersSent: false, once: vi.fn() } as unknown as ServerResponse
    const clockOf = (url: string) => {
      const req = { method: 'GET', url, headers: {} as Record<string, string>, socket: {} }
      application.handle.call(application, req as unknown as IncomingMessage, res)
      const key = req.headers[REQUEST_KEY_HEADER]
      const copy = new Request(
        'http://app.test/',
        key ? { headers: { [REQUEST_KEY_HEADER]: key } } : {},
      )
      return requestTiming(copy)
    }
    expect(clockOf('/')).toBeInstanceOf(RequestTiming)
    expect(clockOf('/_root.data')).toBeInstanceOf(RequestTiming)
    expect(clockOf('/build/root-ABC.js')).toBeUndefined()
  })
})
