import { describe, expect, it } from 'vitest'
import { keepRetryAfter } from '~/lib/retry-after'
import { ensureRetryAfter, RETRY_AFTER_FALLBACK_SECONDS } from '~/server/retry-after.server'

const none = new Headers()
const args = (over: Partial<Parameters<typeof keepRetryAfter>[0]>) => ({
  loaderHeaders: none,
  parentHeaders: new Headers({ 'X-Parent': '1' }),
  actionHeaders: none,
  errorHeaders: undefined,
  ...over,
})

describe('keepRetryAfter', () => {
  it('the parent’s headers plus the Retry-After of the action’s reply or of the error shown', () => {
    const wait = new Headers({ 'Retry-After': '42' })
    const fromAction = new Headers(keepRetryAfter(args({ actionHeaders: wait })))
    expect(fromAction.get('Retry-After')).toBe('42')
    expect(fromAction.get('X-Parent')).toBe('1')
    const fromError = new Headers(keepRetryAfter(args({ errorHeaders: wait })))
    expect(fromError.get('Retry-After')).toBe('42')
    expect(new Headers(keepRetryAfter(args({}))).has('Retry-After')).toBe(false)
  })
})

describe('ensureRetryAfter', () => {
  it('a 429 without one gets the fallback; one with its own, or another status, is left alone', () => {
    const bare = new Headers()
    ensureRetryAfter(429, bare)
    expect(bare.get('Retry-After')).toBe(String(RETRY_AFTER_FALLBACK_SECONDS))
    const own = new Headers({ 'Retry-After': '7' })
    ensureRetryAfter(429, own)
    expect(own.get('Retry-After')).toBe('7')
    const ok = new Headers()
    ensureRetryAfter(200, ok)
    expect(ok.has('Retry-After')).toBe(false)
  })
})
