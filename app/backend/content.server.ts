/**
 * Content for the home page (public: no bearer): banners, promotions, news.
 * Each list changes a few times a day at most, and `/` is the busiest page,
 * so each is kept in this process for CONTENT_TTL_MS (docs/decisions/0045).
 * A failure is not kept: the next request asks again.
 */
import { callBackend } from '~/backend/client.server'
import {
  bannersResponseSchema,
  newsResponseSchema,
  promotionsResponseSchema,
  type Banner,
  type NewsItem,
  type Promotion,
} from '~/backend/content.schemas'

export type { Banner, NewsItem, Promotion }

/** How long a list is reused before the backend is asked again. */
export const CONTENT_TTL_MS = 60 * 1000

type Cached<T> = { at: number; value: Promise<T> }

/** A per-process cache of one backend answer, shared by concurrent requests. */
export function cachedCall<T>(load: () => Promise<T>, ttlMs = CONTENT_TTL_MS) {
  let cache: Cached<T> | undefined
  return {
    get(now = Date.now()): Promise<T> {
      if (!cache || now - cache.at > ttlMs) {
        const value = load()
        cache = { at: now, value }
        value.catch(() => {
          if (cache?.value === value) cache = undefined
        })
      }
      return cache.value
    },
    clear() {
      cache = undefined
    },
  }
}

const banners = cachedCall(() =>
  callBackend({ method: 'GET', path: '/content/banners', schema: bannersResponseSchema }),
)
const promotions = cachedCall(() =>
  callBackend({ method: 'GET', path: '/content/promotions', schema: promotionsResponseSchema }),
)
const news = cachedCall(() =>
  callBackend({ method: 'GET', path: '/content/news', schema: newsResponseSchema }),
)

export const listBanners = (now?: number): Promise<Banner[]> => banners.get(now)
export const listPromotions = (now?: number): Promise<Promotion[]> => promotions.get(now)
/** Newest first. */
export const listNews = (now?: number): Promise<NewsItem[]> => news.get(now)
