import { describe, expect, it } from 'vitest'
import {
  bannersResponseSchema,
  newsResponseSchema,
  promotionsResponseSchema,
} from '../../app/backend/content.schemas'
import { bangkokDay, demoNews } from './content'
import { expectError, useBackend } from './helpers'

const setup = useBackend()
const api = () => setup.client()

describe('GET /content/banners', () => {
  it('lists Thai banners with 2:1 pictures and links inside the app, without a bearer', async () => {
    const res = await api().get('/content/banners')
    expect(res.status).toBe(200)
    const { data } = bannersResponseSchema.parse(res.body)
    expect(data.length).toBeGreaterThanOrEqual(3)
    expect(data.map((b) => b.title)).toContain('โบนัสสมาชิกใหม่ 100%')
    for (const banner of data) {
      expect(banner.image).toBe(`/img/banners/${banner.id}.svg`)
      expect(banner.link).toMatch(/^\/[a-z]/)
    }
    expect(new Set(data.map((b) => b.id)).size).toBe(data.length)
  })

  it('serves each banner picture from the image host', async () => {
    const { data } = bannersResponseSchema.parse((await api().get('/content/banners')).body)
    const first = data[0]!
    const res = await fetch(`${api().url}${first.image}?w=720`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('width="720" height="360"')
  })

  it('answers another method with 405', async () => {
    expectError(await api().post('/content/banners', {}), 405, 'BAD_REQUEST')
  })
})

describe('GET /content/promotions', () => {
  it('lists current promotions with 16:9 pictures', async () => {
    const res = await api().get('/content/promotions')
    expect(res.status).toBe(200)
    const { data } = promotionsResponseSchema.parse(res.body)
    expect(data.map((p) => p.title)).toEqual(
      expect.arrayContaining(['คืนยอดเสีย 5% ทุกสัปดาห์', 'แนะนำเพื่อนรับค่าคอมมิชชัน']),
    )
    const now = Date.now()
    for (const promotion of data) {
      expect(promotion.image).toBe(`/img/promotions/${promotion.id}.svg`)
      expect(Date.parse(promotion.startsAt)).toBeLessThanOrEqual(now)
      if (promotion.endsAt) expect(Date.parse(promotion.endsAt)).toBeGreaterThan(now)
    }
  })
})

describe('GET /content/news', () => {
  it('lists news newest first, dated by the backend clock', async () => {
    const res = await api().get('/content/news')
    expect(res.status).toBe(200)
    const { data } = newsResponseSchema.parse(res.body)
    const times = data.map((n) => Date.parse(n.publishedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(data.some((n) => n.title.includes('หวยรัฐบาล'))).toBe(true)
    expect(data.some((n) => n.title.includes('ปิดปรับปรุง'))).toBe(true)
  })

  it('is subject to injected failures like every call', async () => {
    await api().post('/__mock/fail', { path: '/content/news', status: 503 })
    expect((await api().get('/content/news')).status).toBe(503)
    expect((await api().get('/content/news')).status).toBe(200)
  })
})

describe('bangkokDay', () => {
  it('is midnight in Bangkok of the day `now` falls on there, with +07:00', () => {
    // 2026-11-30T18:30Z is already 1 Dec 01:30 in Bangkok.
    const now = Date.parse('2026-11-30T18:30:00Z')
    expect(bangkokDay(now, 0)).toBe('2026-12-01T00:00:00+07:00')
    expect(bangkokDay(now, -1, 9)).toBe('2026-11-30T09:00:00+07:00')
    expect(Date.parse(bangkokDay(now, 0))).toBe(Date.parse('2026-11-30T17:00:00Z'))
  })

  it('keeps the demo news in the past of the clock it is given', () => {
    const now = Date.parse('2026-11-30T18:30:00Z')
    for (const item of demoNews(now)) expect(Date.parse(item.publishedAt)).toBeLessThan(now)
  })
})
