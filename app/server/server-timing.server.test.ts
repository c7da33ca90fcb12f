import { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it, vi } from 'vitest'
import { frontDoor } from '~/server/front-door.server'
import { getLoadContext, noteArrival } from '~/server/request-context.server'
import {
  followBackendTime,
  requestStartedAt,
  RequestTiming,
  setServerTiming,
  timedBackendCall,
} from '~/server/server-timing.server'

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

/**
 * One HTTP request as the server sees it: it reached the front door at
 * `arrivedAt`; Remix gives each loader its own copy of the Request and the
 * one load context `getLoadContext` made for it.
 */
function arrivedRequest(arrivedAt: number) {
  const incoming = { method: 'GET', url: '/', headers: {} } as IncomingMessage
  noteArrival(incoming, arrivedAt)
  const context = getLoadContext(incoming)
  const copy = () => new Request('http://app.test/')
  return { context, copy }
}

describe('a request’s clock', () => {
  it('starts at the front door and is the same for every loader’s copy of the request', () => {
    const { context, copy } = arrivedRequest(40)
    expect(context.timing.started).toBe(40)
    const [a, b] = [copy(), copy()]
    followBackendTime(a, context)
    followBackendTime(b, context)
    expect(requestStartedAt(a.signal)).toBe(40)
    expect(requestStartedAt(b.signal)).toBe(40)
    // Another request has its own clock.
    const other = arrivedRequest(90)
    expect(other.context.timing).not.toBe(context.timing)
    expect(other.context.timing.started).toBe(90)
  })

  it('counts the backend calls made with a followed request’s signal, and only those', async () => {
    const { context, copy } = arrivedRequest(0)
    const loader = copy()
    const other = copy()
    followBackendTime(loader, context)
    const now = vi.spyOn(performance, 'now').mockReturnValue(5)
    await timedBackendCall(loader.signal, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      now.mockReturnValue(25)
    })
    // The same wait with a signal nobody followed (another loader, no guard) is the app's.
    await timedBackendCall(other.signal, async () => now.mockReturnValue(35))
    await timedBackendCall(undefined, async () => now.mockReturnValue(40))
    expect(context.timing.header(40)).toBe('backend;dur=20.0, app;dur=20.0')
    now.mockRestore()
  })

  it('a failed call still ends (its time is counted) and its error goes on', async () => {
    const { context, copy } = arrivedRequest(0)
    const loader = copy()
    followBackendTime(loader, context)
    const now = vi.spyOn(performance, 'now').mockReturnValue(1)
    const failing = timedBackendCall(loader.signal, async () => {
      now.mockReturnValue(4)
      throw new Error('down')
    })
    await expect(failing).rejects.toThrow('down')
    expect(context.timing.backendMs(100)).toBe(3)
    now.mockRestore()
  })

  it('without a clock (a loader called with a bare context) nothing is counted or sent', async () => {
    const request = new Request('http://app.test/')
    const bare: AppLoadContext = {}
    followBackendTime(request, bare)
    expect(requestStartedAt(request.signal)).toBeUndefined()
    await expect(timedBackendCall(request.signal, async () => 'answer')).resolves.toBe('answer')
    const headers = new Headers()
    setServerTiming(headers, bare.timing)
    expect(headers.has('Server-Timing')).toBe(false)
    setServerTiming(headers, new RequestTiming(performance.now()))
    expect(headers.get('Server-Timing')).toMatch(/^backend;dur=0\.0, app;dur=\d+\.\d$/)
  })
})

describe('the front door starts the clock', () => {
  it('when the request arrives, not when Remix makes its load context', () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(7)
    const req = { method: 'GET', url: '/_root.data', headers: {}, socket: {} } as IncomingMessage
    const res = new EventEmitter() as ServerResponse
    const next = vi.fn()
    frontDoor(req, res, next)
    expect(next).toHaveBeenCalledTimes(1)
    res.emit('close')
    // Compression and static files ran in between.
    now.mockReturnValue(30)
    expect(getLoadContext(req).timing.started).toBe(7)
    // A request the door never saw starts its clock with its context.
    const unseen = { method: 'GET', url: '/', headers: {} } as IncomingMessage
    expect(getLoadContext(unseen).timing.started).toBe(30)
    now.mockRestore()
  })
})
