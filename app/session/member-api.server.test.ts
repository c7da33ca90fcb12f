import { describe, expect, it, vi } from 'vitest'
import { memberIdOf } from '~/session/member-api.server'
import type { MemberSession } from '~/session/session.server'

const ctx = (mid: string | undefined) => {
  const call = vi.fn(async () => ({ id: 77, username: 'somchai' }))
  const session = { payload: { mid } } as unknown as MemberSession
  return { call, ctx: { session, member: { call } } }
}

describe('memberIdOf', () => {
  it('is the session’s member id, without asking the backend', async () => {
    const { call, ctx: c } = ctx('42')
    expect(await memberIdOf(c)).toBe('42')
    expect(call).not.toHaveBeenCalled()
  })

  it('an older session without it: the profile’s id, as the same string', async () => {
    const { call, ctx: c } = ctx(undefined)
    expect(await memberIdOf(c)).toBe('77')
    expect(call).toHaveBeenCalledTimes(1)
  })
})
