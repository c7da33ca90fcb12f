// docs/backend-api.md "Configuration". Shared with the demo backend.
import { z } from 'zod'
import { bannerSchema } from '~/backend/content.schemas'
import { envelope } from '~/backend/schemas'

export const FEATURES = [
  'transaction',
  'lotto',
  'games',
  'czipz',
  'coupon',
  'cashback',
  'affiliate',
  'alliance',
  'promotion',
] as const
export type Feature = (typeof FEATURES)[number]

export const amountRangeSchema = z
  .object({ min: z.number().nonnegative(), max: z.number().positive() })
  .refine((range) => range.min <= range.max, 'min must not exceed max')
export type AmountRange = z.infer<typeof amountRangeSchema>

/** Hosts of LINE's official-account links (line.me/R/ti/p/@id, lin.ee/…, page.line.me/…). */
const LINE_HOSTS = ['line.me', 'lin.ee', 'page.line.me']

/** It goes into an href members tap, so nothing else passes. */
export const lineLinkSchema = z
  .string()
  .url()
  .refine((value) => {
    const url = new URL(value)
    return url.protocol === 'https:' && LINE_HOSTS.includes(url.hostname)
  }, 'must be an https link on line.me or lin.ee')

/** null: the operator names none (no link is shown). */
export const supportSchema = z.object({
  line: z
    .object({ url: lineLinkSchema, id: z.string().regex(/^@[\w.-]{1,40}$/) })
    .nullable()
    .default(null),
})

/** Absent: all on (docs/decisions/0156 for `accounts`). */
export const staffSwitchesSchema = z.object({
  tokenWatcher: z.boolean().default(true),
  watchNotice: z.boolean().default(true),
  accounts: z.boolean().default(true),
})

export const appConfigSchema = z.object({
  limits: z.object({
    deposit: amountRangeSchema,
    withdraw: amountRangeSchema,
  }),
  features: z.object(
    Object.fromEntries(FEATURES.map((f) => [f, z.boolean().default(true)])) as Record<
      Feature,
      z.ZodDefault<z.ZodBoolean>
    >,
  ),
  /** The home page's banners; when empty, the content API's are shown. */
  banners: z.array(bannerSchema).default([]),
  support: supportSchema.default({ line: null }),
  staff: staffSwitchesSchema.default({}),
})
export type AppConfig = z.output<typeof appConfigSchema>

export const appConfigResponseSchema = envelope(appConfigSchema)

export const DEFAULT_APP_CONFIG: AppConfig = Object.freeze({
  limits: { deposit: { min: 100, max: 50_000 }, withdraw: { min: 300, max: 50_000 } },
  features: Object.fromEntries(FEATURES.map((f) => [f, true])) as Record<Feature, boolean>,
  banners: [],
  support: { line: null },
  staff: { tokenWatcher: true, watchNotice: true, accounts: true },
})
