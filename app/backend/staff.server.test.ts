/**
 * The support console's calls against a started demo backend: every answer
 * of the contract's "Staff" section parses with the app's schemas, and the
 * refusals arrive as BackendErrors with the contract's codes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import type * as Client from '~/backend/client.server'
import type * as StaffApi from '~/backend/staff.server'
import { startMockBackend, type MockBackend } from '../../tests/mock-backend/server'

let backend: MockBackend
let api: typeof StaffApi
let client: typeof Client

beforeAll(async () => {
  backend = await startMockBackend({ port: 0, logOtp: false })
  vi.resetModules()
  vi.stubEnv('BACKEND_URL', backend.url)
  client = await import('~/backend/client.server')
  api = await import('~/backend/staff.server')
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await backend.close()
})

async function otpOf(username: string): Promise<string> {
  const res = await fetch(`${backend.url}/__mock/staff-otp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username }),
  })
  return ((await res.json()) as { data: { otp: string } }).data.otp
}

/** What the staff session does for a page: the call with its token (no refresh needed here). */
function contextOf(accessToken: string): StaffApi.StaffContext {
  return {
    staff: {
      call: <S extends z.ZodTypeAny>(req: Client.MemberRequest<S>) =>
        client.callBackend({ ...req, token: accessToken }),
    },
  }
}

async function logIn(username: 'support1' | 'super1') {
  const password = username === 'support1' ? 'support1234' : 'super1234'
  return api.staffLogin({ username, password, otp: await otpOf(username) })
}

describe('the staff calls against the demo backend', () => {
  it('log in, find and read a member, watch, list and end the watch, refresh and log out', async () => {
    const support = await logIn('support1')
    expect(support.staff).toMatchObject({ username: 'support1', role: 'support' })
    const ctx = contextOf(support.accessToken)
    expect(await api.staffMe(ctx)).toEqual(support.staff)

    const found = await api.searchMembers(ctx, 'dem')
    expect(found.map((m) => m.username)).toEqual(['demo'])
    const detail = await api.memberDetail(ctx, 1001)
    expect(detail.member).toMatchObject({ id: 1001, isStaff: false, locked: false })

    const watch = await api.startWatch(ctx, {
      memberId: 1001,
      reason: 'ลูกค้าแจ้งยอดฝากไม่เข้า',
      ticket: '#T-77',
    })
    expect(watch.member).toEqual({ id: 1001, username: 'demo' })

    const supervisor = contextOf((await logIn('super1')).accessToken)
    const open = await api.activeWatches(supervisor)
    expect(open.map((w) => w.id)).toEqual([watch.watchId])

    const ended = await api.endWatch(ctx, watch.watchId, 'button')
    expect(ended).toMatchObject({ endedHow: 'button', ticket: '#T-77', staffUsername: 'support1' })
    expect(await api.activeWatches(supervisor)).toEqual([])

    const renewed = await api.staffRefresh(support.refreshToken)
    expect(renewed.refreshToken).not.toBe(support.refreshToken)
    await api.staffLogout(renewed.refreshToken)
    await expect(api.staffMe(contextOf(renewed.accessToken))).rejects.toMatchObject({
      status: 401,
      code: 'TOKEN_REVOKED',
    })
  })

  it('meet the refusals as BackendErrors with their codes', async () => {
    await expect(
      api.staffLogin({ username: 'support1', password: 'support1234', otp: '12345' }),
    ).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' })
    const ctx = contextOf((await logIn('support1')).accessToken)
    await expect(
      api.startWatch(ctx, { memberId: 1005, reason: 'ตรวจสอบบัญชี', ticket: 'T-1' }),
    ).rejects.toMatchObject({ status: 403, code: 'STAFF_ACCOUNT' })
    await expect(api.activeWatches(ctx)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' })
    await expect(api.memberDetail(ctx, 4242)).rejects.toBeInstanceOf(client.BackendError)
  })
})
