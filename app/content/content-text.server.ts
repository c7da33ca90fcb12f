// Made on the server: the browser's time zone and clock never change what was rendered.
import type { NewsItem, Promotion } from '~/backend/content.schemas'
import { keepNumbersWhole } from '~/lib/line-breaks'
import { bangkokDate, formatThaiShortDate } from '~/lib/thai-date-format'

export const thaiDay = (iso: string) => formatThaiShortDate(bangkokDate(iso))

export interface PromotionCard {
  id: string
  title: string
  summary: string
  image: string
  /** e.g. "ถึง 31 ธ.ค. 69", "ตั้งแต่ 1 พ.ย. 69" */
  period: string
}

/** Content lists are kept for a minute (CONTENT_TTL_MS): every request in it maps the same objects. */
function oncePerItem<T extends object, U>(make: (item: T) => U): (item: T) => U {
  const made = new WeakMap<T, U>()
  return (item) => {
    let value = made.get(item)
    if (value === undefined) {
      value = make(item)
      made.set(item, value)
    }
    return value
  }
}

export const promotionCard = oncePerItem(function promotionCard(
  promotion: Pick<Promotion, 'id' | 'title' | 'summary' | 'image' | 'startsAt' | 'endsAt'>,
): PromotionCard {
  const { id, title, summary, image, startsAt, endsAt } = promotion
  const period = endsAt ? `ถึง ${thaiDay(endsAt)}` : `ตั้งแต่ ${thaiDay(startsAt)}`
  return { id, title: keepNumbersWhole(title), summary: keepNumbersWhole(summary), image, period }
})

export interface NewsEntry {
  id: string
  title: string
  publishedAt: string
  date: string
  paragraphs: string[]
}

export const newsEntry = oncePerItem(function newsEntry(item: NewsItem): NewsEntry {
  return {
    id: item.id,
    // Figures such as "02:00–04:00" never break across lines.
    title: keepNumbersWhole(item.title),
    publishedAt: item.publishedAt,
    date: thaiDay(item.publishedAt),
    paragraphs: item.body
      .split(/\n\s*\n/)
      .map((p) => keepNumbersWhole(p.trim()))
      .filter(Boolean),
  }
})
