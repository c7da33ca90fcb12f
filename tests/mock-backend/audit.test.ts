import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  auditEventsResponseSchema,
  auditWatchesResponseSchema,
  type AuditEvent,
} from '../../app/backend/audit.schemas'
import { staffLoginResponseSchema } from '../../app/backend/staff.schemas'
import { DEV_AUDIT_KEY } from './audit'
import { useBackend } from './helpers'

const { client } = useBackend()

async function staffToken(username: 'support1' | 'super1'): Promise<string> {
  const otp = await client().post<{ data: { otp: string } }>('/__mock/staff-otp', { username })
  const res = await client().post('/staff/auth/login', {
    username,
    password: `${username.replace(/1$/, '')}1234`,
    otp: otp.body.data.otp,
  })
  expect(res.status).toBe(200)
  return staffLoginResponseSchema.parse(res.body).data.accessToken
}

const T0 = Date.parse('2026-11-01T00:00:00+07:00')

function start(i: number, memberUsername = 'somsri', at = T0 + i * 1000): AuditEvent {
  return {
    id: randomUUID(),
    type: 'watch-start',
    at,
    watchId: `w-${i}`,
    kind: 'staff',
    memberId: memberUsername === 'demo' ? '1001' : '1002',
    memberUsername,
    staffId: 9001,
    staffUsername: 'support1',
    reason: 'สมาชิกแจ้งยอดฝากไม่เข้า',
    ticket: `HIDE-${i}`,
    expiresAt: at + 30 * 60_000,
    sid: `sid-${i}`,
  }
}

const write = (events: AuditEvent[], key = DEV_AUDIT_KEY) =>
  client().post<{ data: { recorded: number; duplicates: number } }>(
    '/staff/audit/events',
    { events },
    key,
  )

/** Writes in batches of 100, as the app's outbox does. */
async function writeAll(events: AuditEvent[]) {
  for (let i = 0; i < events.length; i += 100) {
    const res = await write(events.slice(i, i + 100))
    expect(res.status).toBe(200)
  }
}

beforeEach(async () => {
  await client().post('/__mock/reset')
})

describe('the staff audit (POST/GET /staff/audit/...)', () => {
  it('takes events only with the app’s audit key, and each id once', async () => {
    const event = start(1)
    expect((await write([event], 'not-the-audit-key-at-all')).status).toBe(401)
    const support = await staffToken('support1')
    expect((await write([event], support)).status).toBe(401)
    expect((await write([event])).body.data).toEqual({ recorded: 1, duplicates: 0 })
    expect((await write([event])).body.data).toEqual({ recorded: 0, duplicates: 1 })
    const res = await client().get('/staff/audit/watches', await staffToken('super1'))
    expect(auditWatchesResponseSchema.parse(res.body).data.total).toBe(1)
  })

  it('is read by supervisors only', async () => {
    const support = await staffToken('support1')
    expect((await client().get('/staff/audit/watches', support)).status).toBe(403)
    expect((await client().get('/staff/audit/events', support)).status).toBe(403)
    expect((await client().get('/staff/audit/events')).status).toBe(401)
  })

  it('keeps every watch of 10,500 by one staff person: the first is on the first page oldest first, and every one is read once by cursor', async () => {
    const starts = Array.from({ length: 10_500 }, (_, i) => start(i + 1))
    await writeAll(starts)
    const token = await staffToken('super1')
    const oldest = auditWatchesResponseSchema.parse(
      (await client().get('/staff/audit/watches?order=oldest&limit=10', token)).body,
    ).data
    expect(oldest.total).toBe(10_500)
    expect(oldest.items[0]?.ticket).toBe('HIDE-1')

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `&cursor=${cursor}` : ''
      const res = await client().get(`/staff/audit/watches?limit=1000${query}`, token)
      const page = auditWatchesResponseSchema.parse(res.body).data
      seen.push(...page.items.map((w) => w.watchId))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(10_500)
    expect(new Set(seen).size).toBe(10_500)
    expect(seen.at(-1)).toBe('w-1')
  })

  it('keeps every page a watch saw (520 and more), oldest first, counted on the watch', async () => {
    const views: AuditEvent[] = Array.from({ length: 520 }, (_, i) => ({
      id: randomUUID(),
      type: 'watch-view',
      at: T0 + 1000 + i,
      watchId: 'w-1',
      path: `/lotto?page=${i}`,
    }))
    await writeAll([start(1), ...views])
    const token = await staffToken('super1')
    const watches = auditWatchesResponseSchema.parse(
      (await client().get('/staff/audit/watches', token)).body,
    ).data
    expect(watches.items[0]?.views).toBe(520)
    const events = auditEventsResponseSchema.parse(
      (await client().get('/staff/audit/events?watchId=w-1&type=watch-view&limit=1000', token))
        .body,
    ).data
    expect(events.total).toBe(520)
    expect(events.items[0]).toMatchObject({ path: '/lotto?page=0' })
  })

  it('filters by staff, member, dates and type; a watch’s events follow their watch; the first end is the end', async () => {
    const demoWatch = start(1, 'demo')
    const somsriWatch = start(2, 'somsri', T0 + 2 * 86_400_000)
    const end = (how: 'button' | 'supervisor', by: string | null, at: number): AuditEvent => ({
      id: randomUUID(),
      type: 'watch-end',
      at,
      watchId: 'w-1',
      how,
      by,
    })
    await writeAll([
      demoWatch,
      somsriWatch,
      end('supervisor', 'super1', T0 + 5000),
      end('button', null, T0 + 6000),
      {
        id: randomUUID(),
        type: 'login-limited',
        at: T0 + 7000,
        staffUsername: 'support1',
        address: '203.0.113.9',
        scope: 'username-address',
        retryAfterSeconds: 30,
      },
    ])
    const token = await staffToken('super1')
    const watches = async (query: string) =>
      auditWatchesResponseSchema
        .parse((await client().get(`/staff/audit/watches?${query}`, token)).body)
        .data.items.map((w) => w.watchId)
    expect(await watches('member=DEMO')).toEqual(['w-1'])
    expect(await watches('member=1002')).toEqual(['w-2'])
    expect(await watches('staff=support1')).toEqual(['w-2', 'w-1'])
    expect(await watches('staff=super1')).toEqual([])
    expect(await watches(`from=${T0 + 86_400_000}`)).toEqual(['w-2'])
    expect(await watches(`to=${T0 + 86_400_000}`)).toEqual(['w-1'])
    const first = auditWatchesResponseSchema.parse(
      (await client().get('/staff/audit/watches?member=demo', token)).body,
    ).data.items[0]
    expect(first).toMatchObject({ how: 'supervisor', endedBy: 'super1', endedAt: T0 + 5000 })

    const events = async (query: string) =>
      auditEventsResponseSchema
        .parse((await client().get(`/staff/audit/events?${query}`, token)).body)
        .data.items.map((e) => e.type)
    expect(await events('member=demo')).toEqual(['watch-start', 'watch-end', 'watch-end'])
    expect(await events('type=login-limited')).toEqual(['login-limited'])
    expect(await events('order=newest&limit=1')).toEqual(['login-limited'])
    expect((await client().get('/staff/audit/events?type=nope', token)).status).toBe(400)
    expect((await client().get('/staff/audit/events?cursor=x', token)).status).toBe(400)
  })
})
