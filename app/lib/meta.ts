// A route's `meta` replaces the root's: every page builds its tags through `pageMeta`.
import { describeError, errorDocumentTitle } from '~/lib/error-text'

export const SITE_NAME = 'คลับสมาชิก'
export const SITE_DESCRIPTION = 'พื้นที่สมาชิก: เกม หวย โปรโมชั่น และรางวัล'

export function siteMeta(title?: string) {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : SITE_NAME
  return [
    { title: fullTitle },
    { name: 'description', content: SITE_DESCRIPTION },
    { property: 'og:title', content: fullTitle },
    { property: 'og:locale', content: 'th_TH' },
  ]
}

export const pageMeta =
  (title: string) =>
  ({ error }: { error?: unknown }) =>
    siteMeta(error ? errorDocumentTitle(describeError(error)) : title)
