import { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import {
  openRequestMemos,
  perRequest,
  REQUEST_KEY_HEADER,
  stampRequest,
} from '~/lib/request-key.server'

function stamped(clientKey?: string) {
  const req = { headers: clientKey ? { [REQUEST_KEY_HEADER]: clientKey } : {} }
  const res = new EventEmitter()
  stampRequest(req as unknown as IncomingMessage, res as unknown as ServerResponse)
  const key = String((req.headers as Record<string, string>)[REQUEST_KEY_HEADER])
  // What Remix gives each loader: its own copy of the request.
  const copy = () => new Request('http://app.test/', { headers: { [REQUEST_KEY_HEADER]: key } })
  return { key, res, copy }
}

describe('per-request memos', () => {
  it('are shared by every loader’s copy of one request, and gone when it closes', () => {
    const before = openRequestMemos()
    const { res, copy } = stamped()
    let made = 0
    const first = perRequest(copy(), 'session', () => ++made)
    const second = perRequest(copy(), 'session', () => ++made)
    expect([first, second, made]).toEqual([1, 1, 1])
    expect(openRequestMemos()).toBe(before + 1)
    res.emit('close')
    expect(openRequestMemos()).toBe(before)
    expect(perRequest(copy(), 'session', () => ++made)).toBeUndefined()
  })

  it('never takes a key a client sent, nor shares between requests', () => {
    const a = stamped('chosen-by-client')
    const b = stamped('chosen-by-client')
    expect(a.key).not.toBe('chosen-by-client')
    expect(a.key).not.toBe(b.key)
    expect(perRequest(a.copy(), 'x', () => 'a')).toBe('a')
    expect(perRequest(b.copy(), 'x', () => 'b')).toBe('b')
    const unstamped = new Request('http://app.test/')
    expect(perRequest(unstamped, 'x', () => 'c')).toBeUndefined()
    a.res.emit('close')
    b.res.emit('close')
  })
})
