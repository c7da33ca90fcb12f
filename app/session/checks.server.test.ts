import { describe, expect, it, vi } from 'vitest'
import { runChecks, type Check, type CheckContext } from '~/session/checks.server'

const ctx = { request: new Request('http://x/'), url: new URL('http://x/') } as CheckContext

async function statusAndMessage(promise: Promise<unknown>) {
  try {
    await promise
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const body = (await thrown.json()) as { message?: string }
    return { status: thrown.status, message: body.message }
  }
  throw new Error('expected the chain to stop')
}

describe('runChecks', () => {
  it('runs checks in order', async () => {
    const order: string[] = []
    const registry: Record<string, Check> = {
      auth: () => void order.push('auth'),
      layout: () => void order.push('layout'),
      page: () => void order.push('page'),
    }
    await runChecks(['auth', 'layout', 'page'], ctx, registry)
    expect(order).toEqual(['auth', 'layout', 'page'])
  })

  it('an unknown name is a 500 "Unknown middleware NAME" and stops the chain', async () => {
    const after = vi.fn()
    const result = await statusAndMessage(
      runChecks(['auth', 'vipOnly', 'after'], ctx, { auth: () => {}, after }),
    )
    expect(result).toEqual({ status: 500, message: 'Unknown middleware vipOnly' })
    expect(after).not.toHaveBeenCalled()
  })

  it('names from Object.prototype are unknown too', async () => {
    const result = await statusAndMessage(runChecks(['toString'], ctx, {}))
    expect(result.message).toBe('Unknown middleware toString')
  })

  it('a redirect stops the chain', async () => {
    const after = vi.fn()
    const redirect = new Response(null, { status: 302, headers: { Location: '/login' } })
    await expect(
      runChecks(['auth', 'after'], ctx, {
        auth: () => {
          throw redirect
        },
        after,
      }),
    ).rejects.toBe(redirect)
    expect(after).not.toHaveBeenCalled()
  })
})
