import { describe, expect, it } from 'vitest'
import { notificationsResponseSchema } from '../../app/backend/events.schemas'
import {
  memberSearchResponseSchema,
  staffLoginResponseSchema,
  staffMemberDetailResponseSchema,
  watchesResponseSchema,
  watchResponseSchema,
  watchStartResponseSchema,
  type Watch,
  type WatchStart,
} from '../../app/backend/staff.schemas'
import { claimsOf, expectError, useBackend } from './helpers'
import { SEED_STAFF, staffOtp } from './staff-accounts'

const { client } = useBackend()

interface StaffPair {
  accessToken: string
  refreshToken: string
}

async function otpOf(username: string): Promise<string> {
  const res = await client().post<{ data: { otp: string } }>('/__mock/staff-otp', { username })
  expect(res.status).toBe(200)
  return res.body.data.otp
}

async function staffLogin(username: 'support1' | 'super1'): Promise<StaffPair> {
  const res = await client().post('/staff/auth/login', {
    username,
    password: `${username.replace(/1$/, '')}1234`,
    otp: await otpOf(username),
  })
  expect(res.status).toBe(200)
  return staffLoginResponseSchema.parse(res.body).data
}

async function startWatch(
  token: string,
  body: Record<string, unknown> = {
    memberId: 1001,
    reason: 'ลูกค้าแจ้งยอดฝากไม่เข้า',
    ticket: 'T-1024',
  },
) {
  return client().post<{ data: WatchStart }>('/staff/watches', body, token)
}

async function watchOf(token: string): Promise<WatchStart> {
  const res = await startWatch(token)
  expect(res.status).toBe(200)
  return watchStartResponseSchema.parse(res.body).data
}

const endWatch = (token: string, watchId: string, how = 'button') =>
  client().post<{ data: Watch }>(`/staff/watches/${watchId}/end`, { how }, token)

describe('POST /staff/auth/login', () => {
  it('logs a staff person in with password and code: a staff token pair and who they are', async () => {
    const res = await client().post('/staff/auth/login', {
      username: 'support1',
      password: 'support1234',
      otp: await otpOf('support1'),
    })
    expect(res.status).toBe(200)
    const { accessToken, staff } = staffLoginResponseSchema.parse(res.body).data
    expect(staff).toEqual({
      id: 9001,
      username: 'support1',
      displayName: 'สมหญิง ฝ่ายบริการ',
      role: 'support',
    })
    expect(claimsOf(accessToken)).toMatchObject({
      typ: 'access',
      sub: '9001',
      kind: 'staff',
      role: 'support',
    })
    const me = await client().get('/staff/me', accessToken)
    expect(me.body).toEqual({ data: staff })
  })

  it('takes the code of the authenticator app, computed from the secret', async () => {
    const res = await client().post('/staff/auth/login', {
      username: 'super1',
      password: 'super1234',
      otp: staffOtp('super1'),
    })
    expect(res.status).toBe(200)
    expect(staffLoginResponseSchema.parse(res.body).data.staff.role).toBe('supervisor')
  })

  it('gives one answer for an unknown name, a wrong password, a wrong code and a used code', async () => {
    const otp = await otpOf('support1')
    const wrongOtp = otp === '000000' ? '000001' : '000000'
    const tries = [
      { username: 'nobody', password: 'support1234', otp },
      { username: 'support1', password: 'wrong-password', otp },
      { username: 'support1', password: 'support1234', otp: wrongOtp },
      { username: 'support1', password: 'support1234', otp: '12345' },
    ]
    const bodies = []
    for (const body of tries) {
      const res = await client().post('/staff/auth/login', body)
      expectError(res, 401, 'INVALID_CREDENTIALS')
      bodies.push(res.body)
    }
    // None of the refusals used the code up: it lets the right login in once, then never again.
    const right = { username: 'support1', password: 'support1234', otp }
    expect((await client().post('/staff/auth/login', right)).status).toBe(200)
    const replay = await client().post('/staff/auth/login', right)
    expectError(replay, 401, 'INVALID_CREDENTIALS')
    expect(new Set([...bodies, replay.body].map((b) => JSON.stringify(b))).size).toBe(1)
  })

  it('offers the next code once the current one is used', async () => {
    const first = await otpOf('support1')
    await staffLogin('support1')
    expect(await otpOf('support1')).not.toBe(first)
    await staffLogin('support1')
  })

  it('refuses a malformed body with 400', async () => {
    expectError(
      await client().post('/staff/auth/login', { username: 'support1' }),
      400,
      'BAD_REQUEST',
    )
  })
})

describe('staff tokens', () => {
  it('refresh rotates the pair; logout ends the login', async () => {
    const pair = await staffLogin('support1')
    const res = await client().post<{ data: StaffPair }>('/staff/auth/refresh', {
      refreshToken: pair.refreshToken,
    })
    expect(res.status).toBe(200)
    expect(res.body.data.refreshToken).not.toBe(pair.refreshToken)
    expect(claimsOf(res.body.data.accessToken)).toMatchObject({ kind: 'staff', role: 'support' })
    expect((await client().get('/staff/me', res.body.data.accessToken)).status).toBe(200)

    const out = await client().post('/staff/auth/logout', {
      refreshToken: res.body.data.refreshToken,
    })
    expect(out.body).toEqual({ data: { ok: true } })
    expectError(await client().get('/staff/me', res.body.data.accessToken), 401, 'TOKEN_REVOKED')
  })

  it('keeps staff and members apart: neither token opens the other side', async () => {
    const staff = await staffLogin('support1')
    const member = await client().login('demo')
    expectError(await client().get('/user/profile', staff.accessToken), 401, 'INVALID_TOKEN')
    expectError(await client().get('/staff/me', member.accessToken), 401, 'INVALID_TOKEN')
    expectError(
      await client().post('/auth/refresh', { refreshToken: staff.refreshToken }),
      401,
      'INVALID_TOKEN',
    )
    expectError(
      await client().post('/staff/auth/refresh', { refreshToken: member.refreshToken }),
      401,
      'INVALID_TOKEN',
    )
    expectError(await client().get('/staff/me'), 401, 'INVALID_TOKEN')
  })
})

describe('GET /staff/members', () => {
  const search = async (q: string) => {
    const { accessToken } = await staffLogin('support1')
    const res = await client().get(`/staff/members?q=${encodeURIComponent(q)}`, accessToken)
    expect(res.status).toBe(200)
    return memberSearchResponseSchema.parse(res.body).data.members.map((m) => m.username)
  }

  it('finds by username prefix whatever the case', async () => {
    expect(await search('SOM')).toEqual(['somsri', 'somying'])
  })

  it('finds by phone prefix, dashes and spaces ignored', async () => {
    expect(await search('089-876 5')).toEqual(['somsri'])
  })

  it('finds by id exactly', async () => {
    expect(await search('1003')).toEqual(['locked'])
    expect(await search('100')).toEqual([])
  })

  it('shows the full member summary, staff accounts marked', async () => {
    const { accessToken } = await staffLogin('support1')
    const res = await client().get('/staff/members?q=staff', accessToken)
    expect(memberSearchResponseSchema.parse(res.body).data.members).toEqual([
      {
        id: 1005,
        username: 'staffnok',
        displayName: 'นก ฝ่ายบริการ',
        phone: '0955556666',
        isStaff: true,
        locked: false,
      },
    ])
  })

  it('refuses an empty query, and a caller without a staff token', async () => {
    const { accessToken } = await staffLogin('support1')
    expectError(await client().get('/staff/members?q=%20', accessToken), 400, 'BAD_REQUEST')
    expectError(await client().get('/staff/members', accessToken), 400, 'BAD_REQUEST')
    expectError(await client().get('/staff/members?q=demo'), 401, 'INVALID_TOKEN')
  })
})

describe('GET /staff/members/:id', () => {
  it("reads the member's account and recent money from the demo's books, newest first", async () => {
    const member = await client().login('demo')
    const deposit = await client().post(
      '/wallet/deposits',
      { amount: 500, method: 'promptpay', idempotencyKey: 'staff-detail-1' },
      member.accessToken,
    )
    expect(deposit.status).toBe(201)
    const rules = await client().get<{ data: { draw: { id: string } } }>(
      '/lotto/types/thai/stake-rules',
      member.accessToken,
    )
    const stake = await client().post(
      '/lotto/stakes',
      {
        drawId: rules.body.data.draw.id,
        idempotencyKey: 'staff-detail-stake',
        lines: [{ kind: 'twoTop', number: '12', amount: 20 }],
      },
      member.accessToken,
    )
    expect(stake.status).toBe(200)
    await client().post('/__mock/events', {
      username: 'demo',
      event: { type: 'cashback', amount: 12 },
    })

    const { accessToken } = await staffLogin('support1')
    const res = await client().get('/staff/members/1001', accessToken)
    expect(res.status).toBe(200)
    const detail = staffMemberDetailResponseSchema.parse(res.body).data
    expect(detail.member).toMatchObject({
      id: 1001,
      username: 'demo',
      isStaff: false,
      bank: { name: 'ธนาคารกสิกรไทย', accountNo: '1234567890' },
    })
    expect(detail.orders[0]).toMatchObject({ amount: 500, status: 'pending' })
    expect(detail.stakes[0]).toMatchObject({ amount: 20, status: 'pending' })
    expect(detail.stakes[0]?.title).toMatch(/^หวยรัฐบาลไทย งวด \d{1,2}\s[ก-๙.]+\s25\d\d$/)
    expect(detail.withdrawals.length).toBeGreaterThan(0)
    expect(detail.withdrawals.every((w) => w.amount > 0)).toBe(true)
    expect(detail.notifications[0]).toMatchObject({ title: 'มียอดคืนยอดเสียให้รับ', read: false })
    for (const list of [detail.orders, detail.withdrawals, detail.stakes, detail.notifications]) {
      expect(list.length).toBeLessThanOrEqual(10)
    }
  })

  it('answers 404 for an unknown member', async () => {
    const { accessToken } = await staffLogin('support1')
    expectError(await client().get('/staff/members/999999', accessToken), 404, 'NOT_FOUND')
    expectError(await client().get('/staff/members/abc', accessToken), 404, 'NOT_FOUND')
  })
})

describe('POST /staff/watches', () => {
  it("gives a delegated read-only token of the member's, naming the staff person", async () => {
    const { accessToken } = await staffLogin('support1')
    const before = Date.now()
    const watch = await watchOf(accessToken)
    expect(watch.member).toEqual({ id: 1001, username: 'demo' })
    expect(watch.expiresAt).toBeGreaterThan(before + 29 * 60_000)
    expect(watch.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * 60_000)
    const claims = claimsOf(watch.accessToken)
    expect(claims).toMatchObject({
      sub: '1001',
      typ: 'access',
      act: { sub: '9001', username: 'support1' },
      scope: 'read',
      wid: watch.watchId,
      exp: watch.expiresAt / 1000,
    })
    expect(claims).not.toHaveProperty('fam')
  })

  it("refuses a staff person's own member account, an unknown member and a bad reason or ticket", async () => {
    const { accessToken } = await staffLogin('support1')
    const body = { memberId: 1005, reason: 'ตรวจสอบบัญชี', ticket: 'T-1' }
    expectError(await startWatch(accessToken, body), 403, 'STAFF_ACCOUNT')
    expectError(await startWatch(accessToken, { ...body, memberId: 4242 }), 404, 'NOT_FOUND')
    for (const bad of [
      { ...body, memberId: 1001, reason: 'สั้น' },
      { ...body, memberId: 1001, reason: 'ก'.repeat(501) },
      { ...body, memberId: 1001, ticket: '' },
      { ...body, memberId: 1001, ticket: 'T 1' },
      { ...body, memberId: 1001, ticket: 'T'.repeat(41) },
    ]) {
      expectError(await startWatch(accessToken, bad), 400, 'BAD_REQUEST')
    }
    const member = await client().login('demo')
    expectError(await startWatch(member.accessToken), 401, 'INVALID_TOKEN')
  })

  it('lives no longer than the watch limit the demo is given', async () => {
    await client().post('/__mock/staff-watch-limit', { seconds: 60 })
    const { accessToken } = await staffLogin('support1')
    const watch = await watchOf(accessToken)
    expect(watch.expiresAt).toBeLessThanOrEqual(Date.now() + 60_000)
  })
})

describe("a watch's delegated token", () => {
  it('reads every member page as the member', async () => {
    const { accessToken } = await staffLogin('support1')
    const watch = await watchOf(accessToken)
    const profile = await client().get<{ data: { username: string } }>(
      '/user/profile',
      watch.accessToken,
    )
    expect(profile.status).toBe(200)
    expect(profile.body.data.username).toBe('demo')
    expect((await client().get('/wallet/transactions', watch.accessToken)).status).toBe(200)
    expect((await client().get('/member/notifications', watch.accessToken)).status).toBe(200)
  })

  it('is refused on every call that changes something, and on game launches', async () => {
    const { accessToken } = await staffLogin('support1')
    const { accessToken: token } = await watchOf(accessToken)
    const writes: [string, unknown][] = [
      ['/member/notifications/read', {}],
      ['/wallet/deposits', { amount: 500, method: 'promptpay', idempotencyKey: 'watch-write-1' }],
      ['/user/password', { currentPassword: 'demo1234', newPassword: 'another1234' }],
      ['/auth/logout-others', {}],
      ['/games/launch', { gameId: 'x', returnUrl: 'http://127.0.0.1/' }],
      ['/lotto/launch', { returnUrl: 'http://127.0.0.1/' }],
    ]
    for (const [path, body] of writes) {
      expectError(await client().post(path, body, token), 403, 'READ_ONLY_TOKEN')
    }
    expectError(
      await client().send('/lotto/stake-sets/1', {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      }),
      403,
      'READ_ONLY_TOKEN',
    )
    // The member's own token still does those.
    const member = await client().login('demo')
    expect((await client().post('/member/notifications/read', {}, member.accessToken)).status).toBe(
      200,
    )
  })

  it('never refreshes, and opens no staff call', async () => {
    const { accessToken } = await staffLogin('support1')
    const { accessToken: token } = await watchOf(accessToken)
    expectError(await client().post('/auth/refresh', { refreshToken: token }), 401, 'INVALID_TOKEN')
    expectError(
      await client().post('/auth/refresh', { refreshToken: token }, token),
      401,
      'INVALID_TOKEN',
    )
    expectError(await client().get('/staff/me', token), 401, 'INVALID_TOKEN')
    expectError(await startWatch(token), 401, 'INVALID_TOKEN')
  })

  it('is revoked the moment its watch ends; ending again changes nothing', async () => {
    const { accessToken } = await staffLogin('support1')
    const watch = await watchOf(accessToken)
    const ended = await endWatch(accessToken, watch.watchId, 'button')
    expect(ended.status).toBe(200)
    const first = watchResponseSchema.parse(ended.body).data
    expect(first).toMatchObject({
      id: watch.watchId,
      memberId: 1001,
      memberUsername: 'demo',
      staffId: 9001,
      staffUsername: 'support1',
      ticket: 'T-1024',
      endedHow: 'button',
    })
    expect(first.endedAt).not.toBeNull()
    expectError(await client().get('/user/profile', watch.accessToken), 401, 'TOKEN_REVOKED')
    expectError(
      await client().post('/member/notifications/read', {}, watch.accessToken),
      401,
      'TOKEN_REVOKED',
    )
    const again = await endWatch(accessToken, watch.watchId, 'limit')
    expect(watchResponseSchema.parse(again.body).data).toEqual(first)
    expectError(await endWatch(accessToken, 'no-such-watch'), 404, 'NOT_FOUND')
    expectError(await endWatch(accessToken, watch.watchId, 'later'), 400, 'BAD_REQUEST')
  })

  it("expires at its limit on the backend's clock, and the watch reads as ended by it", async () => {
    const support = await staffLogin('support1')
    const watch = await watchOf(support.accessToken)
    await client().post('/__mock/clock', { aheadMs: 30 * 60_000 + 1000 })
    expectError(await client().get('/user/profile', watch.accessToken), 401, 'TOKEN_EXPIRED')
    const supervisor = await staffLogin('super1')
    const all = watchesResponseSchema.parse(
      (await client().get('/staff/watches', supervisor.accessToken)).body,
    ).data.watches
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({ endedHow: 'limit', endedAt: watch.expiresAt })
    const active = await client().get('/staff/watches?active=true', supervisor.accessToken)
    expect(watchesResponseSchema.parse(active.body).data.watches).toEqual([])
  })
})

describe('who ends a watch, and who lists them', () => {
  it("lets support end only their own watches; a supervisor ends anyone's", async () => {
    const support = await staffLogin('support1')
    const supervisor = await staffLogin('super1')
    const theirs = await watchOf(supervisor.accessToken)
    expectError(await endWatch(support.accessToken, theirs.watchId), 403, 'FORBIDDEN')
    expect((await client().get('/user/profile', theirs.accessToken)).status).toBe(200)

    const mine = await watchOf(support.accessToken)
    const ended = await endWatch(supervisor.accessToken, mine.watchId, 'supervisor')
    expect(watchResponseSchema.parse(ended.body).data.endedHow).toBe('supervisor')
    expectError(await client().get('/user/profile', mine.accessToken), 401, 'TOKEN_REVOKED')
  })

  it('lists the active watches to supervisors only, newest first', async () => {
    const support = await staffLogin('support1')
    const supervisor = await staffLogin('super1')
    const first = await watchOf(support.accessToken)
    const second = await watchOf(support.accessToken)
    await endWatch(support.accessToken, first.watchId)
    expectError(
      await client().get('/staff/watches?active=true', support.accessToken),
      403,
      'FORBIDDEN',
    )
    const res = await client().get('/staff/watches?active=true', supervisor.accessToken)
    expect(watchesResponseSchema.parse(res.body).data.watches.map((w) => w.id)).toEqual([
      second.watchId,
    ])
    const all = await client().get('/staff/watches', supervisor.accessToken)
    expect(watchesResponseSchema.parse(all.body).data.watches.map((w) => w.id)).toEqual([
      second.watchId,
      first.watchId,
    ])
  })

  it("ends a staff person's open watches when their login ends", async () => {
    const support = await staffLogin('support1')
    const watch = await watchOf(support.accessToken)
    await client().post('/staff/auth/logout', { refreshToken: support.refreshToken })
    expectError(await client().get('/user/profile', watch.accessToken), 401, 'TOKEN_REVOKED')
    const supervisor = await staffLogin('super1')
    const all = await client().get('/staff/watches', supervisor.accessToken)
    expect(watchesResponseSchema.parse(all.body).data.watches[0]?.endedHow).toBe('staff-session')
  })
})

describe('the member is told', () => {
  const noticesOf = async (accessToken: string) => {
    const res = await client().get('/member/notifications', accessToken)
    return notificationsResponseSchema
      .parse(res.body)
      .data.items.filter((item) => item.event.type === 'support-watch')
  }

  it('gets a support-watch notification when a watch ends, with its ticket and times', async () => {
    const member = await client().login('demo')
    const support = await staffLogin('support1')
    const watch = await watchOf(support.accessToken)
    expect(await noticesOf(member.accessToken)).toEqual([])
    await endWatch(support.accessToken, watch.watchId)
    const notices = await noticesOf(member.accessToken)
    expect(notices).toHaveLength(1)
    expect(notices[0]?.event).toMatchObject({ type: 'support-watch', ticket: 'T-1024' })
  })

  it('is told when the limit passes on the clock too, once, with the limit as its end', async () => {
    const support = await staffLogin('support1')
    const watch = await watchOf(support.accessToken)
    await client().post('/__mock/clock', { aheadMs: 31 * 60_000 })
    const member = await client().login('demo')
    const notices = await noticesOf(member.accessToken)
    expect(notices).toHaveLength(1)
    const event = notices[0]?.event
    expect(event?.type === 'support-watch' && Date.parse(event.endedAt)).toBe(
      Math.floor(watch.expiresAt / 1000) * 1000,
    )
    expect(await noticesOf(member.accessToken)).toHaveLength(1)
  })

  it('is not told when the configuration turns the notice off', async () => {
    const member = await client().login('demo')
    const config = await client().post<{ data: { staff: unknown } }>('/__mock/app-config', {
      staff: { watchNotice: false },
    })
    expect(config.body.data.staff).toEqual({
      tokenWatcher: true,
      watchNotice: false,
      accounts: true,
    })
    const support = await staffLogin('support1')
    const watch = await watchOf(support.accessToken)
    await endWatch(support.accessToken, watch.watchId)
    expect(await noticesOf(member.accessToken)).toEqual([])
  })
})

describe('/__mock/staff-otp', () => {
  it('knows every demo staff account and no one else', async () => {
    for (const { username } of SEED_STAFF) expect(await otpOf(username)).toMatch(/^\d{6}$/)
    expectError(await client().post('/__mock/staff-otp', { username: 'demo' }), 404, 'NOT_FOUND')
  })
})
