// docs/backend-api.md, "Content". Shared with the demo backend.
import { z } from 'zod'
import { envelope } from './schemas'

/** Never another site, never `//host`. */
const appPath = z.string().regex(/^\/(?![/\\])[^\s]*$/, 'must be a path inside the app')

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
  /** Also its alt text. */
  title: z.string().min(1),
  subtitle: z.string(),
  image: imagePath('banners'),
  link: appPath,
})
export type Banner = z.infer<typeof bannerSchema>

export const promotionSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  summary: z.string(),
  image: imagePath('promotions'),
  startsAt: moment,
  endsAt: moment.nullable(),
  terms: z.array(z.string().min(1)).default([]),
  /** false: it applies by itself. */
  acceptable: z.boolean().default(false),
})
export type Promotion = z.infer<typeof promotionSchema>

export const newsSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  publishedAt: moment,
  body: z.string(),
})
export type NewsItem = z.infer<typeof newsSchema>

export const bannersResponseSchema = envelope(z.array(bannerSchema))
export const promotionsResponseSchema = envelope(z.array(promotionSchema))
export const newsResponseSchema = envelope(z.array(newsSchema))
