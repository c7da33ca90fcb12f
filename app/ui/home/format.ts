/**
 * Dates of the home page's content as members read them, made on the server
 * (the browser's time zone and clock never change what was rendered).
 */
import type { NewsItem, Promotion } from '~/backend/content.schemas'
import { formatThaiShortDate } from '~/lib/thai-date'

/** Thailand is UTC+7 all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000

/**
 * A Date whose local fields read the Bangkok wall clock of `ms`, whatever the
 * server's own time zone: the Thai date helpers format local fields.
 */
export function bangkokWallClock(ms: number): Date {
  const shifted = new Date(ms + BANGKOK_OFFSET_MS)
  return new Date(
    shifted.getUTCFullYear(),
    shifted.getUTCMonth(),
    shifted.getUTCDate(),
    shifted.getUTCHours(),
    shifted.getUTCMinutes(),
  )
}

export const thaiDay = (iso: string) => formatThaiShortDate(bangkokWallClock(Date.parse(iso)))

export interface PromotionCard {
  id: string
  title: string
  summary: string
  image: string
  /** e.g. "ถึง 31 ธ.ค. 69", "ตั้งแต่ 1 พ.ย. 69" */
  period: string
}

export function promotionCard(promotion: Promotion): PromotionCard {
  const { id, title, summary, image, startsAt, endsAt } = promotion
  const period = endsAt ? `ถึง ${thaiDay(endsAt)}` : `ตั้งแต่ ${thaiDay(startsAt)}`
  return { id, title, summary, image, period }
}

export interface NewsEntry {
  id: string
  title: string
  /** ISO, for <time dateTime>. */
  publishedAt: string
  date: string
  paragraphs: string[]
}

export function newsEntry(item: NewsItem): NewsEntry {
  return {
    id: item.id,
    title: item.title,
    publishedAt: item.publishedAt,
    date: thaiDay(item.publishedAt),
    paragraphs: item.body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  }
}
