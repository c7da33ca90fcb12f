/**
 * Large token sets across instances, through a real redis-server: each
 * "instance" has its own memory and the same Redis (decision 0134).
 */
import { describe, expect, it, vi } from 'vitest'
import type { TokenPair } from '~/backend/schemas'
import { redisReady } from '~/server/redis.server'
import { createSharedStore } from '~/server/store.server'
import { readSessionCookie } from '~/session/cookie.server'
import { createRefresher, redisRefreshLock } from '~/session/refresh.server'
import { SESSION_STORE_UNAVAILABLE_MESSAGE } from '~/session/session.server'
import { createTokenStore } from '~/session/token-store.server'
import { until, useFreshTestRedis } from '../../tests/support/redis-server'
import {
  HOUR,
  largeTokenPayload,
  login,
  readBack,
  rewrite,
  SECRET,
  token,
} from '../../tests/support/session-fixtures'

const redis = useFreshTestRedis()

/** 3 KB tokens whose access token has just expired. */
const payload = () => largeTokenPayload({ accessExpiresAt: Date.now() - 1000 })

/** One app instance: its own token store (its own memory) and refresher, the shared Redis. */
function instance() {
  return {
    store: createTokenStore(),
    refresh: createRefresher(createSharedStore<string>('refresh'), () => 120_000, {
      lock: redisRefreshLock(400),
      pollMs: 5,
    }),
  }
}

describe('3 KB tokens across instances', () => {
  it('a login on one instance is read on another; a refresh on instance 2 is seen by instance 3', async () => {
    const [one, two, three] = [instance(), instance(), instance()]
    const first = payload()
    const cookie = await login(one.store, first)
    expect((await readBack(two.store, cookie)).payload).toEqual(first)

    // Instances 2 and 3 get requests with the same expired access token at once:
    // ONE backend call, and the entry holds the rotated pair.
    let calls = 0
    const rotated: TokenPair = { accessToken: token(3072), refreshToken: token(3072) }
    const backend = async () => {
      calls += 1
      await new Promise((r) => setTimeout(r, 50))
      return rotated
    }
    const renewOn = async ({ store, refresh }: ReturnType<typeof instance>) => {
      const session = await readBack(store, cookie)
      const pair = await refresh(session.payload!.refreshToken!, backend)
      return rewrite(session, { ...session.payload!, ...pair, accessExpiresAt: Date.now() + HOUR })
    }
    const [fromTwo, fromThree] = await Promise.all([renewOn(two), renewOn(three)])
    expect(calls).toBe(1)
    // One reference all along: the old cookie and both new ones read the rotated tokens anywhere.
    const ref = readSessionCookie(cookie, [SECRET]).ref
    for (const copy of [cookie, fromTwo, fromThree]) {
      expect(readSessionCookie(copy, [SECRET]).ref).toBe(ref)
      for (const { store } of [one, two, three, instance()]) {
        expect((await readBack(store, copy)).payload).toMatchObject(rotated)
      }
    }
  })

  it('keeps no token in Redis: the key is hashed and the value sealed', async () => {
    const first = payload()
    const cookie = await login(instance().store, first)
    const keys = (await redis.client.eval("return redis.call('KEYS', '*')", 0)) as string[]
    expect(keys).toHaveLength(1)
    const ref = readSessionCookie(cookie, [SECRET]).ref!
    expect(keys[0]).not.toContain(ref)
    const value = (await redis.client.get(keys[0]!)) ?? ''
    expect(value).not.toContain(first.accessToken.slice(0, 40))
    expect(value).not.toContain(first.refreshToken!.slice(0, 40))
    expect(
      await redis.client.eval("return redis.call('PTTL', KEYS[1])", 1, keys[0]!),
    ).toBeGreaterThan(7 * 24 * HOUR - 10_000)
  })

  it('Redis away a moment: the instance that wrote the entry serves it from memory; another asks to try again (503), then reads it once Redis is back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const [one, two] = [instance(), instance()]
    const first = payload()
    const cookie = await login(one.store, first)
    await redis.server.stop()
    await until(() => !redisReady())
    expect((await readBack(one.store, cookie)).payload).toEqual(first)
    const thrown = await readBack(two.store, cookie).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(503)
    expect(await (thrown as Response).json()).toEqual({
      message: SESSION_STORE_UNAVAILABLE_MESSAGE,
    })
    await redis.server.start()
    await until(() => redisReady())
    expect((await readBack(two.store, cookie)).payload).toEqual(first)
  })

  it('Redis restarted without its data: the member is logged out cleanly and told so', async () => {
    const cookie = await login(instance().store, payload())
    await redis.client.eval("return redis.call('FLUSHALL')", 0)
    const session = await readBack(instance().store, cookie)
    expect(session.loggedIn).toBe(false)
    expect(session.expired).toBe(true)
    expect(session.setCookieHeaders().join()).toMatch(/auth\.session=; Max-Age=0/)
  })
})
