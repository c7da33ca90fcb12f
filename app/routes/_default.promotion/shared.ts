import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import type { loadPage, Progress } from './page.server'

export const page = PAGES.promotion

export type View = Awaited<ReturnType<typeof loadPage>>

export const detailPath = (id: string) => `${page.path}?id=${encodeURIComponent(id)}`

export const turnoverText = (progress: Progress) =>
  `ทำเทิร์นแล้ว ${formatBaht(progress.done)} จาก ${formatBaht(progress.required)} (${progress.percent}%)`
