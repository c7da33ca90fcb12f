/**
 * The content area of the backend contract (docs/backend-api.md, "Content"):
 * home-page banners, promotions and news. Shared by the app's backend module
 * (app/backend/content.server.ts) and the demo backend
 * (tests/mock-backend/content.ts).
 */
import { z } from 'zod'
import { envelope } from './schemas'

/** A path inside the app (`/promotion`): never another site, never `//host`. */
const appPath = z.string().regex(/^\/(?![/\\])[^\s]*$/, 'must be a path inside the app')

/** A picture on the image host of one kind, e.g. `/img/banners/welcome.svg`. */
const imagePath = (kind: string) =>
  z
    .string()
    .regex(
      new RegExp(`^/img/${kind}/[A-Za-z0-9_-]{1,80}\\.svg$`),
      `must be /img/${kind}/<name>.svg`,
    )

/** An ISO 8601 moment with its offset, e.g. `2026-11-01T00:00:00+07:00`. */
const moment = z.string().datetime({ offset: true })

export const bannerSchema = z.object({
  id: z.string().min(1),
  /** Thai headline, shown over the picture and used as its alt text. */
  title: z.string().min(1),
  subtitle: z.string(),
  /** 2:1 picture on the image host. */
  image: imagePath('banners'),
  /** Where a tap leads, inside the app. */
  link: appPath,
})
export type Banner = z.infer<typeof bannerSchema>

export const promotionSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  /** One or two Thai sentences. */
  summary: z.string(),
  /** 16:9 picture on the image host. */
  image: imagePath('promotions'),
  startsAt: moment,
  /** null: no end date. */
  endsAt: moment.nullable(),
  /** The terms, one Thai sentence each, in order (the detail view lists them). */
  terms: z.array(z.string().min(1)).default([]),
  /** Members accept it on /promotion (`POST /promotions/:id/accept`); false: it applies by itself. */
  acceptable: z.boolean().default(false),
})
export type Promotion = z.infer<typeof promotionSchema>

export const newsSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  publishedAt: moment,
  /** Plain Thai text; paragraphs separated by a blank line. */
  body: z.string(),
})
export type NewsItem = z.infer<typeof newsSchema>

export const bannersResponseSchema = envelope(z.array(bannerSchema))
export const promotionsResponseSchema = envelope(z.array(promotionSchema))
/** Newest first. */
export const newsResponseSchema = envelope(z.array(newsSchema))
