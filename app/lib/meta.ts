// A route's `meta` replaces the root's: every page builds its tags through `pageMeta`.

export const SITE_NAME = 'คลับสมาชิก'
export const SITE_DESCRIPTION = 'พื้นที่สมาชิก: เกม หวย โปรโมชั่น และรางวัล'

export function documentTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME
}

export function siteMeta(title?: string) {
  const fullTitle = documentTitle(title)
  return [
    { title: fullTitle },
    { name: 'description', content: SITE_DESCRIPTION },
    { property: 'og:title', content: fullTitle },
    { property: 'og:locale', content: 'th_TH' },
  ]
}

let errorTitleOf: ((error: unknown) => string) | undefined

/**
 * ~/lib/error-text's `errorTitleOf`: the server's entry gives it at start, the browser's comes with
 * the error page's chunk (decision 0171), which a document showing an error waits for.
 */
export function provideErrorTitle(titleOf: (error: unknown) => string) {
  errorTitleOf = titleOf
}

export function errorPageTitle(error: unknown): string {
  return errorTitleOf?.(error) ?? 'เกิดข้อผิดพลาด'
}

export const pageMeta =
  (title: string) =>
  ({ error }: { error?: unknown }) =>
    siteMeta(error ? errorPageTitle(error) : title)
