// `/` is the busiest page and the lists change a few times a day: each is kept CONTENT_TTL_MS
// in this process (docs/decisions/0045).
import { BackendError, cachedCall, callBackend, SessionEndedError } from '~/backend/client.server'
import { appConfig } from '~/backend/config.server'
import {
  bannersResponseSchema,
  newsResponseSchema,
  promotionsResponseSchema,
  type Banner,
  type NewsItem,
  type Promotion,
} from '~/backend/content.schemas'

export type { Banner, NewsItem, Promotion }

export const CONTENT_TTL_MS = 60 * 1000

const banners = cachedCall(
  () => callBackend({ method: 'GET', path: '/content/banners', schema: bannersResponseSchema }),
  CONTENT_TTL_MS,
)
const promotions = cachedCall(
  () =>
    callBackend({ method: 'GET', path: '/content/promotions', schema: promotionsResponseSchema }),
  CONTENT_TTL_MS,
)
const news = cachedCall(
  () => callBackend({ method: 'GET', path: '/content/news', schema: newsResponseSchema }),
  CONTENT_TTL_MS,
)

// A request waits no longer than its one backend deadline (decision 0092).
export const listBanners = (signal?: AbortSignal, now?: number): Promise<Banner[]> =>
  banners.get(now, signal)
export async function homeBanners(signal?: AbortSignal, now?: number): Promise<Banner[]> {
  const config = await appConfig(signal)
  return config.banners.length > 0 ? config.banners : listBanners(signal, now)
}
export const listPromotions = (signal?: AbortSignal, now?: number): Promise<Promotion[]> =>
  promotions.get(now, signal)
export const listNews = (signal?: AbortSignal, now?: number): Promise<NewsItem[]> =>
  news.get(now, signal)

export type ContentPart<T> = { ok: true; items: T[] } | { ok: false; message: string }

export const CONTENT_MESSAGES = {
  unavailable: 'ไม่สามารถโหลดส่วนนี้ได้ในขณะนี้ กรุณาลองใหม่ภายหลัง',
} as const

/** A request the member cancelled still throws (nobody reads that page). */
export async function contentPart<T>(
  load: Promise<T[]>,
  onError: (error: unknown) => void,
): Promise<ContentPart<T>> {
  try {
    return { ok: true, items: await load }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    // An ended session is the guard's to handle (to /login), not a part's notice.
    if (error instanceof SessionEndedError) throw error
    onError(error)
    const message = error instanceof BackendError ? error.message : CONTENT_MESSAGES.unavailable
    return { ok: false, message }
  }
}
