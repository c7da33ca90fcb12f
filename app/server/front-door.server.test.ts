import { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { MAX_BODY_BYTES } from '~/lib/constants'
import { doorAnswer, frontDoor, publicHostFor } from '~/server/front-door.server'
import { requestsInFlight } from '~/server/shutdown.server'

const ORIGINS = ['https://member.example']
const req = (method: string, headers: Record<string, string> = {}) => ({ method, headers })

describe('doorAnswer', () => {
  it('lets ordinary requests in', () => {
    expect(doorAnswer(req('GET'), ORIGINS)).toBeNull()
    expect(doorAnswer(req('POST', { origin: 'https://member.example' }), ORIGINS)).toBeNull()
    expect(
      doorAnswer(req('POST', { 'content-length': String(MAX_BODY_BYTES) }), ORIGINS),
    ).toBeNull()
  })
  it.each(['TRACE', 'CONNECT', 'TRACK', 'PROPFIND'])('%s: 405 with Allow', (method) => {
    const answer = doorAnswer(req(method), ORIGINS)
    expect(answer?.status).toBe(405)
    expect(answer?.headers.Allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
  })
  it('a path that is not valid percent-encoding: 400 (the query may be anything)', () => {
    expect(doorAnswer({ ...req('GET'), url: '/%E0%A4%A' }, ORIGINS)?.status).toBe(400)
    expect(doorAnswer({ ...req('GET'), url: '/%E0%B8%81?q=%E0%A4%A' }, ORIGINS)).toBeNull()
  })
  it('a Host or X-Forwarded-Host no URL can hold: 400; hosts with ports, IPv6 and lists pass', () => {
    for (const host of ['x:99999', '[::1', '%zz', 'a b', 'x:80abc', 'user@x', 'x/y', 'x?y']) {
      expect(doorAnswer(req('GET', { host }), ORIGINS)?.status, host).toBe(400)
      expect(doorAnswer(req('GET', { 'x-forwarded-host': host }), ORIGINS)?.status, host).toBe(400)
    }
    expect(
      doorAnswer(req('GET', { 'x-forwarded-host': 'a.example, x:99999' }), ORIGINS)?.status,
    ).toBe(400)
    for (const host of [
      'member.example',
      'localhost:3000',
      '[::1]:3000',
      '127.0.0.1',
      '',
      'ไทย.example',
    ]) {
      expect(doorAnswer(req('GET', { host }), ORIGINS), host).toBeNull()
    }
    expect(
      doorAnswer(req('GET', { 'x-forwarded-host': 'a.example, b.example:8443' }), ORIGINS),
    ).toBeNull()
  })
  it('a legacy data request (?_data=): 400; other queries pass', () => {
    for (const url of [
      '/?_data=root',
      '/lotto?x=1&_data=routes%2F_default',
      '/?%5Fdata',
      '/?_data',
    ]) {
      expect(doorAnswer({ ...req('GET'), url }, ORIGINS)?.status, url).toBe(400)
    }
    for (const url of ['/?data=1', '/x.data?_routes=root', '/?q=_data', '/_data']) {
      expect(doorAnswer({ ...req('GET'), url }, ORIGINS), url).toBeNull()
    }
  })
  it('a declared body over the cap: 413', () => {
    const big = { 'content-length': String(MAX_BODY_BYTES + 1) }
    expect(doorAnswer(req('POST', big), ORIGINS)?.status).toBe(413)
  })
  it('cross-site writes: 403; reads pass', () => {
    expect(doorAnswer(req('POST', { origin: 'https://evil.example' }), ORIGINS)?.status).toBe(403)
    expect(doorAnswer(req('DELETE', { 'sec-fetch-site': 'cross-site' }), ORIGINS)?.status).toBe(403)
    expect(doorAnswer(req('GET', { origin: 'https://evil.example' }), ORIGINS)).toBeNull()
  })
  it('a write without Origin: a Referer of another site is a 403, one of the app passes', () => {
    const referred = (referer: string) => doorAnswer(req('POST', { referer }), ORIGINS)
    expect(referred('https://evil.example/x')?.status).toBe(403)
    expect(referred('https://member.example/transaction?tab=deposit')).toBeNull()
    expect(doorAnswer(req('POST', { 'sec-fetch-site': 'same-origin' }), ORIGINS)).toBeNull()
    const dev = { host: 'localhost:5173', referer: 'http://localhost:5173/cashback' }
    expect(doorAnswer(req('POST', dev), [])).toBeNull()
    expect(doorAnswer(req('POST', { ...dev, referer: 'http://evil.example/' }), [])?.status).toBe(
      403,
    )
  })
  it('without APP_ORIGIN (development) the Host it was sent to is the site', () => {
    const same = { host: 'localhost:5173', origin: 'http://localhost:5173' }
    expect(doorAnswer(req('POST', same), [])).toBeNull()
    const other = { host: 'localhost:5173', origin: 'http://evil.example' }
    expect(doorAnswer(req('POST', other), [])?.status).toBe(403)
  })
})

describe('publicHostFor', () => {
  const TWO = ['https://member.example', 'https://m.member.example:8443']
  it('a write from an APP_ORIGIN page under another Host: that origin’s host', () => {
    const rewritten = { origin: 'https://member.example', host: 'app:3001' }
    expect(publicHostFor(req('POST', rewritten), TWO)).toBe('member.example')
    const second = { origin: 'https://m.member.example:8443', host: '10.0.0.7:3000' }
    expect(publicHostFor(req('DELETE', second), TWO)).toBe('m.member.example:8443')
    const forwarded = {
      origin: 'https://member.example',
      host: 'member.example',
      'x-forwarded-host': 'lb.internal, member.example',
    }
    expect(publicHostFor(req('POST', forwarded), TWO)).toBe('member.example')
  })
  it('leaves everything else alone', () => {
    const rewritten = { origin: 'https://member.example', host: 'app:3001' }
    expect(publicHostFor(req('GET', rewritten), TWO)).toBeNull()
    expect(publicHostFor(req('POST', rewritten), [])).toBeNull()
    expect(publicHostFor(req('POST', { host: 'app:3001' }), TWO)).toBeNull()
    expect(publicHostFor(req('POST', { origin: 'null', host: 'app' }), TWO)).toBeNull()
    expect(
      publicHostFor(req('POST', { origin: 'https://evil.example', host: 'app' }), TWO),
    ).toBeNull()
    const same = { origin: 'https://member.example', host: 'member.example' }
    expect(publicHostFor(req('POST', same), TWO)).toBeNull()
  })
})

describe('frontDoor (the server’s first middleware)', () => {
  function response() {
    const written: { status?: number; headers?: Record<string, string> } = {}
    const res = Object.assign(new EventEmitter(), {
      headersSent: false,
      writeHead: (status: number, headers: Record<string, string>) =>
        Object.assign(written, { status, headers }),
      end: vi.fn(),
    })
    return { res: res as unknown as ServerResponse, written }
  }

  it('an answered request never reaches the app; one that passes does, once', () => {
    const next = vi.fn()
    const refused = response()
    const trace = { method: 'TRACE', url: '/', headers: {}, socket: {} } as IncomingMessage
    frontDoor(trace, refused.res, next)
    expect(refused.written.status).toBe(405)
    expect(refused.written.headers?.['X-Request-Id']).toMatch(/^[a-z0-9]{8}$/)
    // The request log's id (server/log.server.test.ts has the door's line).
    expect(refused.written.headers?.['X-Request-Id']).toBe((trace as { id?: string }).id)
    expect(next).not.toHaveBeenCalled()
    const passed = response()
    const get = { method: 'GET', url: '/watcher?token=abc', headers: {}, socket: {} }
    frontDoor(get as IncomingMessage, passed.res, next)
    expect(next).toHaveBeenCalledTimes(1)
    expect(next).toHaveBeenCalledWith()
    expect(passed.written.status).toBeUndefined()
  })

  it('a graceful shutdown waits for every request it let in, until its connection closes', () => {
    const before = requestsInFlight()
    const { res } = response()
    frontDoor({ method: 'GET', url: '/', headers: {}, socket: {} } as IncomingMessage, res, vi.fn())
    expect(requestsInFlight()).toBe(before + 1)
    res.emit('close')
    expect(requestsInFlight()).toBe(before)
  })
})
