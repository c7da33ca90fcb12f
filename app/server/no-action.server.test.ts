import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { METHOD_NOT_ALLOWED_MESSAGE } from '~/lib/errors'
import { answerNoActionInThai, noActionAllow } from '~/server/no-action.server'

/** Remix's own 405 for a route without an action, as its router makes it. */
function remixNoAction() {
  const error = new Error(
    'You made a POST request to "/news" but did not provide an `action` for route "routes/_default.news.($id)", so there is no way to handle the request.',
  )
  return { status: 405, statusText: 'Method Not Allowed', internal: true, data: `${error}`, error }
}

describe('answerNoActionInThai', () => {
  it('Remix’s own 405: the Thai error body, no route id, and Allow for its request', () => {
    const context: AppLoadContext = {}
    const error = remixNoAction()
    expect(answerNoActionInThai(error, context)).toBe(true)
    expect(error.data).toEqual({ message: METHOD_NOT_ALLOWED_MESSAGE })
    expect('error' in error).toBe(false)
    expect(JSON.stringify(error)).not.toContain('routes/')
    expect(noActionAllow(context)).toBe('GET, HEAD')
    expect(noActionAllow({})).toBeNull()
  })

  it('leaves every other error alone', () => {
    const context: AppLoadContext = {}
    const app405 = { status: 405, statusText: '', internal: false, data: { message: 'x' } }
    for (const error of [
      app405,
      { ...remixNoAction(), status: 404 },
      new Error('boom'),
      new Response(null, { status: 405 }),
    ]) {
      expect(answerNoActionInThai(error, context)).toBe(false)
    }
    expect(app405.data).toEqual({ message: 'x' })
    expect(noActionAllow(context)).toBeNull()
    expect(answerNoActionInThai(remixNoAction(), undefined)).toBe(true)
  })
})
