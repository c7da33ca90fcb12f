import { describe, expect, it, vi } from 'vitest'
import { BackendError } from '~/backend/client.server'
import { bannerSchema } from '~/backend/content.schemas'
import { cachedCall } from '~/backend/client.server'
import { CONTENT_MESSAGES, CONTENT_TTL_MS, contentPart } from '~/backend/content.server'

describe('cachedCall', () => {
  it('shares one call within the time to live, then asks again', async () => {
    const load = vi.fn(async () => ['a'])
    const cache = cachedCall(load, CONTENT_TTL_MS)
    const [first, second] = await Promise.all([cache.get(1000), cache.get(1000)])
    expect(first).toEqual(['a'])
    expect(second).toBe(first)
    await cache.get(1000 + CONTENT_TTL_MS)
    expect(load).toHaveBeenCalledTimes(1)
    await cache.get(1000 + CONTENT_TTL_MS + 1)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('does not keep a failure: the next request asks again', async () => {
    const load = vi
      .fn<() => Promise<string[]>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(['b'])
    const cache = cachedCall(load, CONTENT_TTL_MS)
    await expect(cache.get(1000)).rejects.toThrow('down')
    await expect(cache.get(1001)).resolves.toEqual(['b'])
    expect(load).toHaveBeenCalledTimes(2)
  })
})

describe('contentPart', () => {
  it('gives the items of a call that answered', async () => {
    const onError = vi.fn()
    expect(await contentPart(Promise.resolve([1, 2]), onError)).toEqual({ ok: true, items: [1, 2] })
    expect(onError).not.toHaveBeenCalled()
  })

  it("gives a backend failure's Thai message and reports the error", async () => {
    const onError = vi.fn()
    const error = new BackendError(502, 'UNREACHABLE', 'ไม่สามารถเชื่อมต่อระบบได้ในขณะนี้')
    expect(await contentPart(Promise.reject(error), onError)).toEqual({
      ok: false,
      message: 'ไม่สามารถเชื่อมต่อระบบได้ในขณะนี้',
    })
    expect(onError).toHaveBeenCalledWith(error)
  })

  it('gives a generic Thai message for any other failure', async () => {
    expect(await contentPart(Promise.reject(new TypeError('bug')), () => {})).toEqual({
      ok: false,
      message: CONTENT_MESSAGES.unavailable,
    })
  })
})

describe('bannerSchema', () => {
  const banner = {
    id: 'b',
    title: 'โบนัส',
    subtitle: '',
    image: '/img/banners/b.svg',
    link: '/promotion',
  }
  it('takes a path inside the app as the link', () => {
    expect(bannerSchema.safeParse(banner).success).toBe(true)
    expect(bannerSchema.safeParse({ ...banner, link: '/games/lobby?provider=pg' }).success).toBe(
      true,
    )
  })
  it('refuses a link off the site and a picture of another kind', () => {
    for (const link of ['https://evil.example', '//evil.example', '/\\evil.example', 'promotion']) {
      expect(bannerSchema.safeParse({ ...banner, link }).success, link).toBe(false)
    }
    expect(bannerSchema.safeParse({ ...banner, image: '/img/games/b.svg' }).success).toBe(false)
  })
})
