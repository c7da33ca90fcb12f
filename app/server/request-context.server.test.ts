import type { IncomingMessage } from 'node:http'
import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import {
  getLoadContext,
  noteArrival,
  perRequest,
  requestIdFor,
} from '~/server/request-context.server'

const incoming = (headers: Record<string, string> = {}) => ({ headers }) as IncomingMessage

describe('getLoadContext', () => {
  it('gives every HTTP request a context of its own: id, clock and memo', () => {
    const req = incoming()
    noteArrival(req, 12)
    const a = getLoadContext(req)
    const b = getLoadContext(incoming())
    expect(a.requestId).toMatch(/^[a-z0-9]{8}$/)
    expect(a.requestId).not.toBe(b.requestId)
    expect(a.timing.started).toBe(12)
    expect(a.memo).not.toBe(b.memo)
  })

  it('keeps the id a browser sent with its data request, and only a well-formed one', () => {
    expect(getLoadContext(incoming({ 'x-request-id': 'abc234xyz' })).requestId).toBe('abc234xyz')
    const forged = getLoadContext(incoming({ 'x-request-id': '<script>' })).requestId
    expect(forged).toMatch(/^[a-z0-9]{8}$/)
  })
})

describe('perRequest', () => {
  it('makes a value once for every loader of one request, and again for another request', () => {
    const context = getLoadContext(incoming())
    let made = 0
    expect(perRequest(context, 'session', () => ++made)).toBe(1)
    expect(perRequest(context, 'session', () => ++made)).toBe(1)
    expect(perRequest(getLoadContext(incoming()), 'session', () => ++made)).toBe(2)
  })

  it('a bare context (npm run dev, a unit test) gets its memo on first use', () => {
    const bare: AppLoadContext = {}
    let made = 0
    expect(perRequest(bare, 'x', () => ++made)).toBe(1)
    expect(perRequest(bare, 'x', () => ++made)).toBe(1)
    expect(perRequest({}, 'x', () => ++made)).toBe(2)
  })
})

describe('requestIdFor', () => {
  it('the context’s id for every loader’s copy of the request; without one, the request’s own', () => {
    const context = getLoadContext(incoming())
    const copy = () => new Request('http://app.test/')
    expect(requestIdFor(copy(), context)).toBe(context.requestId)
    expect(requestIdFor(copy(), context)).toBe(requestIdFor(copy(), context))
    const sent = new Request('http://app.test/', { headers: { 'X-Request-Id': 'sent12345' } })
    expect(requestIdFor(sent, {})).toBe('sent12345')
  })
})

describe('onClose', () => {
  it('calls back once the response is closed, and at once when it already is', async () => {
    const { EventEmitter } = await import('node:events')
    const res = Object.assign(new EventEmitter(), { closed: false })
    const context = getLoadContext(incoming(), res as never)
    let calls = 0
    context.onClose?.(() => (calls += 1))
    expect(calls).toBe(0)
    res.closed = true
    res.emit('close')
    expect(calls).toBe(1)
    context.onClose?.(() => (calls += 1))
    expect(calls).toBe(2)
  })
})
