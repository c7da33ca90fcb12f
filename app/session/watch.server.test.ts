import { describe, expect, it } from 'vitest'
import type { MemberSession, SessionPayload } from '~/session/session.server'
import type { StaffSession } from '~/session/staff-session.server'
import { recordWatchStart, watchRecords, watchViews } from '~/session/watch-audit.server'
import { watchGate } from '~/session/watch.server'

const staffSid = 'staff-session-id-0123456789'

function watchPayload(id: string, expiresAt: number): SessionPayload {
  return {
    v: 2,
    sid: `watch-session-${id}`,
    strategy: 'watcher',
    mid: '1001',
    accessToken: 'delegated',
    accessExpiresAt: expiresAt,
    refreshExpiresAt: null,
    watch: {
      id,
      memberUsername: 'demo',
      expiresAt,
      staff: { id: 9001, username: 'support1', displayName: 'สมหญิง', sid: staffSid },
    },
  }
}

function gateContext(session: Partial<MemberSession>, url = 'http://app.test/profile') {
  const staffSession = { payload: { sid: staffSid } } as StaffSession
  return {
    request: new Request(url),
    url: new URL(url),
    // One HTTP request: every loader of it shares this context.
    context: {},
    session: { expired: false, endedBy: null, ...session } as MemberSession,
    staffSession,
    staffPage: false,
  }
}

describe('watchGate', () => {
  it('records a page seen once per HTTP request, however many loaders run', async () => {
    const payload = watchPayload('w-once', Date.now() + 60_000)
    const ctx = gateContext({ asRead: payload, payload, loggedIn: true })
    await watchGate(ctx)
    await watchGate({ ...ctx, url: new URL('http://app.test/_root.data') })
    expect((await watchViews('w-once')).map((v) => v.path)).toEqual(['/profile'])
  })

  it('a watch run out goes back to the console from every loader, its end recorded once', async () => {
    const payload = watchPayload('w-over', Date.now() - 1000)
    await recordWatchStart({
      at: Date.now() - 60_000,
      watchId: 'w-over',
      kind: 'staff',
      memberId: '1001',
      memberUsername: 'demo',
      staffId: 9001,
      staffUsername: 'support1',
      reason: 'สมาชิกแจ้งปัญหา',
      ticket: 'T-1',
      expiresAt: Date.now() + 60_000,
      sid: payload.sid,
    })
    const ctx = gateContext({ asRead: payload, payload: null, loggedIn: false, expired: true })
    for (let i = 0; i < 2; i++) {
      const thrown = (await watchGate(ctx).catch((e: unknown) => e)) as Response
      expect(thrown.headers.get('Location')).toBe('/staff/members/1001')
    }
    const record = (await watchRecords()).find((r) => r.watchId === 'w-over')
    expect(record?.how).toBe('limit')
    expect(record?.endedAt).not.toBeNull()
    // On a console page the same watch just goes, without a redirect.
    await expect(watchGate({ ...ctx, context: {}, staffPage: true })).resolves.toBeUndefined()
  })
})
