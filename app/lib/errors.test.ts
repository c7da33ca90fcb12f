import { describe, expect, it } from 'vitest'
import { errorMessage, errorStatus, unknownMiddlewareMessage } from '~/lib/errors'

describe('errorStatus: statusCode, else status, else response.status, else 500', () => {
  it.each([
    [{ statusCode: 404, status: 400, response: { status: 401 } }, 404],
    [{ status: 403, response: { status: 401 } }, 403],
    [{ response: { status: 418 } }, 418],
    [{}, 500],
    [new Error('boom'), 500],
    ['a string', 500],
    [null, 500],
    [undefined, 500],
    [{ statusCode: 'nope', status: 409 }, 409],
    [{ statusCode: 200 }, 500],
    [{ statusCode: 999 }, 500],
  ])('%j -> %i', (error, status) => {
    expect(errorStatus(error)).toBe(status)
  })
})

describe('errorMessage', () => {
  it('a string is its own message', () => expect(errorMessage('oops')).toBe('oops'))
  it('an Error gives its message', () => expect(errorMessage(new Error('boom'))).toBe('boom'))
  it('an object with a message', () => expect(errorMessage({ message: 'x' })).toBe('x'))
  it('anything else: empty', () => expect(errorMessage(42)).toBe(''))
})

describe('unknown middleware', () => {
  it('names the check', () =>
    expect(unknownMiddlewareMessage('vip')).toBe('Unknown middleware vip'))
})
