import { describe, expect, it } from 'vitest'
import { bangkokDate } from '~/lib/thai-date'
import { newsEntry, promotionCard, thaiDay } from '~/content/content-text.server'

describe('bangkokDate', () => {
  it('reads the Bangkok date and time of a moment in any server time zone', () => {
    // 17:30 UTC on 30 Nov is 00:30 on 1 Dec in Bangkok.
    const date = bangkokDate('2026-11-30T17:30:00Z')
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2026, 11, 1, 0,
    ])
  })
})

describe('thaiDay', () => {
  it('gives the short Buddhist-era date in Bangkok', () => {
    expect(thaiDay('2026-12-01T00:00:00+07:00')).toBe('1\u00a0ธ.ค.\u00a069')
    expect(thaiDay('2026-11-30T23:59:00+07:00')).toBe('30\u00a0พ.ย.\u00a069')
  })
})

describe('promotionCard', () => {
  const base = {
    id: 'p',
    title: 'คืนยอดเสีย 5%',
    summary: 'ทุกวันจันทร์',
    image: '/img/promotions/p.svg',
    startsAt: '2026-11-01T00:00:00+07:00',
  }
  it('shows the end date when there is one, else the start', () => {
    expect(promotionCard({ ...base, endsAt: '2026-12-31T23:59:00+07:00' }).period).toBe(
      'ถึง 31\u00a0ธ.ค.\u00a069',
    )
    expect(promotionCard({ ...base, endsAt: null }).period).toBe('ตั้งแต่ 1\u00a0พ.ย.\u00a069')
  })
})

describe('newsEntry', () => {
  it('splits the body into paragraphs at blank lines', () => {
    const entry = newsEntry({
      id: 'n',
      title: 'ข่าว',
      publishedAt: '2026-11-22T09:00:00+07:00',
      body: 'ย่อหน้าแรก\n\n  ย่อหน้าสอง \n\n\n',
    })
    expect(entry.paragraphs).toEqual(['ย่อหน้าแรก', 'ย่อหน้าสอง'])
    expect(entry.date).toBe('22\u00a0พ.ย.\u00a069')
  })
})

describe('cards of the kept content', () => {
  it('are made once per backend item, and afresh for another item', () => {
    const promotion = {
      id: 'p',
      title: 'ฝากทุกวัน รับโบนัส 10%',
      summary: 'สูงสุด 300 บาท',
      image: '/img/promotions/p.svg',
      startsAt: '2026-11-01T00:00:00+07:00',
      endsAt: null,
    }
    const card = promotionCard(promotion)
    expect(promotionCard(promotion)).toBe(card)
    const copy = promotionCard({ ...promotion })
    expect(copy).not.toBe(card)
    expect(copy).toEqual(card)

    const item = {
      id: 'n',
      title: 'ปิดปรับปรุง 02:00–04:00 น.',
      publishedAt: '2026-11-22T09:00:00+07:00',
      body: 'ย่อหน้า',
    }
    const entry = newsEntry(item)
    expect(newsEntry(item)).toBe(entry)
    expect(newsEntry({ ...item, title: 'อื่น' }).title).toBe('อื่น')
  })
})
