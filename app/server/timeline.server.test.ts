/**
 * The member's request timeline over real HTTP: a node:http server makes
 * each request's context with the app's own getLoadContext, runs real route
 * loaders (the root loader and the casino lobby, through guard(), against a
 * backend that does not answer) as Remix would, and the entry written when
 * the response ends is read back with the console's functions.
 */
import { EventEmitter, once } from 'node:events'
import { request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loader as casinoLoader } from '~/routes/_default.casino'
import { rootLoader } from '~/root-loader.server'
import { createMemoryList, createMemoryStore } from '~/server/store.server'
import {
  deviceOf,
  findRequest,
  followTimeline,
  noteTimelineMember,
  setTimelineStoresForTests,
  shownEntry,
  timelineOf,
  timelineUrl,
  TIMELINE_MAX_ENTRIES,
  TIMELINE_TTL_MS,
} from '~/server/timeline.server'
import { isFailure, type TimelineEntry } from '~/lib/timeline'
import { sealSession, SESSION_COOKIE_NAME } from '~/session/cookie.server'
import { until } from '../../tests/support/redis-server'
import { SECRET, sessionPayload } from '../../tests/support/session-fixtures'
import {
  contextServer,
  guardedOk,
  requestOf,
  type ContextAnswer,
} from '../../tests/support/timeline'

const MEMBER = 'member-7'
const payload = sessionPayload({ mid: MEMBER, iat: Date.now() })
const MEMBER_COOKIE = `${SESSION_COOKIE_NAME}=${sealSession(payload, [SECRET])}`
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ'

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>

/** What the handler of one HTTP request does with its context (Remix's part). */
let answer: ContextAnswer
let server: Awaited<ReturnType<typeof contextServer>>

/** Runs `loaders` as Remix runs a document's: each with its own copy of the Request, one context. */
async function runLoaders(req: IncomingMessage, context: AppLoadContext, loaders: Loader[]) {
  const results = await Promise.allSettled(
    loaders.map((loader) => loader({ request: requestOf(req), params: {}, context })),
  )
  const failed = results.find((r) => r.status === 'rejected')
  const thrown = failed?.status === 'rejected' ? (failed.reason as unknown) : undefined
  return thrown instanceof Response ? thrown.status : thrown ? 500 : 200
}

const twoLoaders: typeof answer = async (req, res, context) => {
  res.statusCode = await runLoaders(req, context, [rootLoader, casinoLoader as Loader])
  res.setHeader('X-Request-Id', context.requestId ?? '')
  res.end('page')
}

beforeEach(async () => {
  setTimelineStoresForTests({
    list: createMemoryList<TimelineEntry>({
      maxItems: TIMELINE_MAX_ENTRIES,
      ttlMs: TIMELINE_TTL_MS,
    }),
    index: createMemoryStore<string>(),
  })
  answer = twoLoaders
  server = await contextServer((req, res, context) => answer(req, res, context))
})

afterEach(async () => {
  await server.close()
  setTimelineStoresForTests(undefined)
})

const get: (typeof server)['get'] = (...args) => server.get(...args)

describe('the request timeline', () => {
  it("one entry per HTTP request of a member, however many loaders ran, with the error page's code", async () => {
    const started = Date.now()
    const res = await get('/casino?tab=slots&page=2', {
      Cookie: MEMBER_COOKIE,
      'User-Agent': IPHONE,
    })
    expect(res.status).toBe(502)
    await until(async () => (await timelineOf(MEMBER)).length > 0)
    const entries = await timelineOf(MEMBER)
    expect(entries).toHaveLength(1)
    const [entry] = entries
    expect(entry).toEqual({
      at: expect.any(Number),
      method: 'GET',
      path: '/casino',
      query: 'tab=slots&page=2',
      status: 502,
      requestId: res.requestId,
      durationMs: expect.any(Number),
      instance: expect.stringMatching(/^.+:\d+$/),
      // The backend did not answer: what the error page showed besides the request id.
      errorCode: 'UNREACHABLE',
      device: 'phone',
    })
    expect(entry!.at).toBeGreaterThanOrEqual(started - 5)
    expect(entry!.at).toBeLessThanOrEqual(Date.now())
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0)
    expect(isFailure(entry!)).toBe(true)
  })

  it('a request that went well: its status, no error code, not a failure', async () => {
    answer = async (req, res, context) => {
      await guardedOk(req, context)
      res.setHeader('X-Request-Id', context.requestId ?? '')
      res.end('ok')
    }
    const res = await get('/profile.data?_routes=routes%2F_default.profile', {
      Cookie: MEMBER_COOKIE,
    })
    await until(async () => (await findRequest(res.requestId)) !== null)
    const found = await findRequest(res.requestId)
    expect(found?.memberId).toBe(MEMBER)
    expect(found?.entry).toMatchObject({
      path: '/profile.data',
      query: '_routes=routes%2F_default.profile',
      status: 200,
      errorCode: null,
      device: 'other',
    })
    expect(isFailure(found!.entry)).toBe(false)
    // Support may type it in capitals; an unknown or malformed id finds nothing.
    expect((await findRequest(res.requestId.toUpperCase()))?.entry.requestId).toBe(res.requestId)
    expect(await findRequest('zzzzzzzz')).toBeNull()
    expect(await findRequest('not an id!')).toBeNull()
  })

  it('keeps no token, cookie, password or form body: only allow-listed query values', async () => {
    answer = async (req, res, context) => {
      res.statusCode = await runLoaders(req, context, [rootLoader])
      res.setHeader('X-Request-Id', context.requestId ?? '')
      res.end()
    }
    const res = await get(
      `/casino?token=${JWT}&refreshToken=opaque-refresh&tab=${JWT}&otp=123456&provider=pgsoft`,
      { Cookie: MEMBER_COOKIE, Authorization: `Bearer ${JWT}` },
      { method: 'POST', body: 'username=demo&password=demo1234&otp=654321' },
    )
    await until(async () => (await findRequest(res.requestId)) !== null)
    const [entry] = await timelineOf(MEMBER)
    expect(entry).toMatchObject({
      method: 'POST',
      query: 'token=…&refreshToken=…&tab=…&otp=…&provider=pgsoft',
    })
    const stored = JSON.stringify(entry)
    for (const secret of [JWT, 'opaque-refresh', 'opaque-access', '123456', '654321', 'demo1234']) {
      expect(stored).not.toContain(secret)
    }
    expect(stored).not.toContain(MEMBER_COOKIE.slice(SESSION_COOKIE_NAME.length + 1, 40))
  })

  it("a visitor's requests are not recorded", async () => {
    const visitor = await get('/casino?tab=slots')
    const member = await get('/casino', { Cookie: MEMBER_COOKIE })
    await until(async () => (await findRequest(member.requestId)) !== null)
    expect(await findRequest(visitor.requestId)).toBeNull()
    expect((await timelineOf(MEMBER)).map((e) => e.requestId)).toEqual([member.requestId])
  })

  it("a visitor's response is not listened to; a member's is, once the guard names them", async () => {
    const req = { method: 'GET', url: '/casino', headers: {} } as IncomingMessage
    const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ServerResponse
    const context = { timeline: followTimeline(req, res, 'visitor1', performance.now()) }
    expect(context.timeline).toEqual(expect.objectContaining({ memberId: null, errorCode: null }))
    expect(res.listenerCount('finish') + res.listenerCount('close')).toBe(0)
    noteTimelineMember(context, undefined)
    expect(res.listenerCount('finish') + res.listenerCount('close')).toBe(0)
    noteTimelineMember(context, MEMBER)
    expect(res.listenerCount('finish')).toBe(1)
    expect(res.listenerCount('close')).toBe(1)
    res.emit('finish')
    res.emit('close')
    await until(async () => (await findRequest('visitor1')) !== null)
    expect((await timelineOf(MEMBER)).map((e) => e.requestId)).toEqual(['visitor1'])
  })

  it("a client gone before the end still leaves the request's entry (close)", async () => {
    let closed!: () => void
    const gone = new Promise<void>((resolve) => (closed = resolve))
    answer = async (req, res, context) => {
      await runLoaders(req, context, [rootLoader])
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write(':\n\n')
      res.once('close', closed)
    }
    const client = request(`${server.base}/events`, { headers: { Cookie: MEMBER_COOKIE } })
    client.end()
    const [res] = (await once(client, 'response')) as [IncomingMessage]
    expect(res.statusCode).toBe(200)
    client.destroy()
    await gone
    await until(async () => (await timelineOf(MEMBER)).length > 0)
    expect((await timelineOf(MEMBER))[0]).toMatchObject({ path: '/events', status: 200 })
  })

  it('a store that fails never fails the request, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    setTimelineStoresForTests({
      list: {
        push: () => Promise.reject(new Error('store down')),
        newest: async () => [],
      },
      index: {
        get: async () => undefined,
        // A store that never answers: nobody waits for it.
        set: () => new Promise<void>(() => undefined),
      },
    })
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      const res = await get('/casino', { Cookie: MEMBER_COOKIE })
      expect(res.status).toBe(502)
      expect(performance.now() - started).toBeLessThan(1000)
    }
    await until(() => warn.mock.calls.length > 0)
    expect(warn.mock.calls.filter(([m]) => String(m).includes('[timeline]'))).toHaveLength(1)
  })

  it('a member of many requests keeps the newest 500, newest first', async () => {
    answer = async (req, res, context) => {
      await runLoaders(req, context, [rootLoader])
      res.setHeader('X-Request-Id', context.requestId ?? '')
      res.end()
    }
    let last = ''
    for (let i = 0; i < 510; i++) {
      last = (await get(`/casino?page=${i}`, { Cookie: MEMBER_COOKIE })).requestId
    }
    await until(async () => (await findRequest(last)) !== null)
    const entries = await timelineOf(MEMBER)
    expect(entries).toHaveLength(500)
    expect(entries[0]?.query).toBe('page=509')
    expect(entries[499]?.query).toBe('page=10')
    expect(await timelineOf(MEMBER, 3)).toHaveLength(3)
  }, 30_000)
})

describe('what an entry keeps', () => {
  it('the device in a word, never the User-Agent', () => {
    expect(deviceOf(IPHONE)).toBe('phone')
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      ),
    ).toBe('phone')
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      ),
    ).toBe('tablet')
    expect(
      deviceOf(
        'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('tablet')
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      ),
    ).toBe('desktop')
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      ),
    ).toBe('desktop')
    expect(
      deviceOf('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toBe('bot')
    expect(deviceOf('curl/8.5.0')).toBe('bot')
    expect(deviceOf(undefined)).toBe('other')
    expect(deviceOf('SomethingElse/1.0')).toBe('other')
  })

  it('the path and the allow-listed query values (lib/redact.ts), others marked …', () => {
    expect(timelineUrl('/lotto/result?date=2026-11-16&lotto=thai-gov')).toEqual({
      path: '/lotto/result',
      query: 'date=2026-11-16&lotto=thai-gov',
    })
    expect(timelineUrl(`/order/${JWT}?q=ค้นหา&index`)).toEqual({
      path: '/order/…',
      query: 'q=…&index',
    })
    expect(timelineUrl('/')).toEqual({ path: '/', query: '' })
  })

  it("its moment in Thai, written on the server as the console's table showed it", () => {
    const entry: TimelineEntry = {
      at: Date.parse('2026-11-22T13:55:05.400Z'),
      method: 'GET',
      path: '/profile',
      query: '',
      status: 200,
      requestId: 'req1aaaa',
      durationMs: 12,
      instance: 'app-1',
      errorCode: null,
      device: 'phone',
    }
    expect(shownEntry(entry)).toEqual({ ...entry, when: '22\u00a0พ.ย.\u00a069 20:55:05' })
  })
})
