import { beforeEach, describe, expect, it } from 'vitest'
import type { AuditEvent } from '~/backend/audit.schemas'
import { createOutbox, memoryJournal } from '~/staff/audit-outbox.server'
import type { MemberSession, SessionPayload } from '~/session/session.server'
import type { StaffSession } from '~/staff/staff-session.server'
import { recordWatchEnd, recordWatchStart, useAuditOutbox } from '~/staff/watch-audit.server'
import { supervisorEndedMessage, watchGate } from '~/staff/watch.server'
import { readToast } from '~/server/toast.server'

/** What the backend took, in order. */
let delivered: AuditEvent[] = []
beforeEach(() => {
  delivered = []
  useAuditOutbox(
    createOutbox({
      journal: memoryJournal(),
      deliver: async (events) => void delivered.push(...events),
    }),
  )
})
const ofWatch = (watchId: string, type: AuditEvent['type']) =>
  delivered.filter((e) => 'watchId' in e && e.watchId === watchId && e.type === type)

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
    const views = ofWatch('w-once', 'watch-view')
    expect(views.map((v) => v.type === 'watch-view' && v.path)).toEqual(['/profile'])
  })

  it('a watch run out goes back to the console from every loader, its end recorded once', async () => {
    const payload = watchPayload('w-over', Date.now() - 1000)
    recordWatchStart({
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
    const ends = ofWatch('w-over', 'watch-end')
    expect(ends).toHaveLength(1)
    expect(ends[0]).toMatchObject({ type: 'watch-end', how: 'limit', by: null })
    // On a console page the same watch just goes, without a redirect.
    await expect(watchGate({ ...ctx, context: {}, staffPage: true })).resolves.toBeUndefined()
  })

  it('a watch a supervisor ended tells its staff person who ended it, even if its cookie lives on', async () => {
    const payload = watchPayload('w-super', Date.now() + 60_000)
    await recordWatchEnd('w-super', 'supervisor', 'super1')
    let cleared = false
    const ctx = gateContext({
      asRead: payload,
      payload,
      loggedIn: true,
      clear: () => void (cleared = true),
    })
    const thrown = (await watchGate(ctx).catch((e: unknown) => e)) as Response
    expect(thrown.headers.get('Location')).toBe('/staff/members/1001')
    const toast = readToast(new Request('http://app.test/', { headers: cookieOf(thrown) }))
    expect(toast.toast?.message).toBe(supervisorEndedMessage('super1'))
    expect(toast.toast?.message).toContain('super1')
    expect(cleared).toBe(true)
    // One end on the record: the supervisor's.
    expect(ofWatch('w-super', 'watch-end')).toMatchObject([{ how: 'supervisor', by: 'super1' }])
  })
})

function cookieOf(response: Response): Record<string, string> {
  const cookie = response.headers.get('Set-Cookie')?.split(';')[0] ?? ''
  return { Cookie: cookie }
}
