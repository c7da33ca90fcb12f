import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { MAX_BODY_BYTES } from '~/lib/constants'
import { doorAnswer, installFrontDoor, publicHostFor } from '~/lib/front-door.server'

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
  it('a declared body over the cap: 413', () => {
    const big = { 'content-length': String(MAX_BODY_BYTES + 1) }
    expect(doorAnswer(req('POST', big), ORIGINS)?.status).toBe(413)
  })
  it('cross-site writes: 403; reads pass', () => {
    expect(doorAnswer(req('POST', { origin: 'https://evil.example' }), ORIGINS)?.status).toBe(403)
    expect(doorAnswer(req('DELETE', { 'sec-fetch-site': 'cross-site' }), ORIGINS)?.status).toBe(403)
    expect(doorAnswer(req('GET', { origin: 'https://evil.example' }), ORIGINS)).toBeNull()
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

describe('installFrontDoor', () => {
  it('wraps handle once, however often it is called', () => {
    const original = vi.fn()
    const application: { handle: typeof original; [key: symbol]: unknown } = { handle: original }
    installFrontDoor(application as never)
    const wrapped = application.handle
    installFrontDoor(application as never)
    expect(application.handle).toBe(wrapped)
    expect(wrapped).not.toBe(original)
  })

  it('an answered request never reaches the app; one that passes does, once', () => {
    const original = vi.fn()
    const application: { handle: typeof original; [key: symbol]: unknown } = { handle: original }
    installFrontDoor(application as never)
    const written: { status?: number } = {}
    const res = {
      headersSent: false,
      writeHead: (status: number) => (written.status = status),
      end: vi.fn(),
      once: vi.fn(),
    } as unknown as ServerResponse
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const trace = { method: 'TRACE', url: '/', headers: {}, socket: {} } as IncomingMessage
    application.handle(trace, res)
    expect(written.status).toBe(405)
    expect(original).not.toHaveBeenCalled()
    const get = { method: 'GET', url: '/watcher?token=abc', headers: {}, socket: {} }
    application.handle(get as IncomingMessage, res)
    expect(original).toHaveBeenCalledTimes(1)
    log.mockRestore()
    // express sets originalUrl; Remix reads it before answering, morgan after.
    const passed = get as { originalUrl?: string }
    passed.originalUrl = get.url
    expect(passed.originalUrl).toBe('/watcher?token=abc')
    Object.assign(res, { headersSent: true })
    expect(passed.originalUrl).toBe('/watcher?token=[redacted]')
  })
})
