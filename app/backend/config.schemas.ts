/**
 * The configuration service's answer (`GET {CONFIG_SERVICE_URL}/app-config`,
 * docs/backend-api.md "Configuration"): deposit and withdrawal limits, the
 * home banners, which sections are open and where members reach support. Shared with the demo backend,
 * which serves a configuration offline.
 */
import { z } from 'zod'
import { bannerSchema } from '~/backend/content.schemas'
import { envelope } from '~/backend/schemas'

/** The sections an operator can close for maintenance. */
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

/** Whole baht, per transaction. */
export const amountRangeSchema = z
  .object({ min: z.number().nonnegative(), max: z.number().positive() })
  .refine((range) => range.min <= range.max, 'min must not exceed max')
export type AmountRange = z.infer<typeof amountRangeSchema>

/** Hosts of LINE's official-account links (line.me/R/ti/p/@id, lin.ee/…, page.line.me/…). */
const LINE_HOSTS = ['line.me', 'lin.ee', 'page.line.me']

/** An https link to LINE: it goes into an href members tap, so nothing else passes. */
export const lineLinkSchema = z
  .string()
  .url()
  .refine((value) => {
    const url = new URL(value)
    return url.protocol === 'https:' && LINE_HOSTS.includes(url.hostname)
  }, 'must be an https link on line.me or lin.ee')

/**
 * Where a member reaches support: the LINE official account (its add-friend
 * link and its @id, shown as text for those who add it by hand), or null
 * when the operator names none (then no link is shown).
 */
export const supportSchema = z.object({
  line: z
    .object({ url: lineLinkSchema, id: z.string().regex(/^@[\w.-]{1,40}$/) })
    .nullable()
    .default(null),
})

/**
 * The support console's switches: `tokenWatcher` (staff may watch a
 * member's pages with the member's pasted access token, /watcher),
 * `watchNotice` (the member is told when a watch of their account ends) and
 * `accounts` (the backend has staff accounts: a pasted-token watch then
 * needs a staff login, with a reason and a ticket; docs/decisions/0156).
 * Absent: all on.
 */
export const staffSwitchesSchema = z.object({
  tokenWatcher: z.boolean().default(true),
  watchNotice: z.boolean().default(true),
  accounts: z.boolean().default(true),
})
export type StaffSwitches = z.output<typeof staffSwitchesSchema>

export const appConfigSchema = z.object({
  limits: z.object({
    deposit: amountRangeSchema,
    withdraw: amountRangeSchema,
  }),
  /** A section missing here is open. */
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

/** What the app runs on before the service has ever answered (or with no service set). */
export const DEFAULT_APP_CONFIG: AppConfig = Object.freeze({
  limits: { deposit: { min: 100, max: 50_000 }, withdraw: { min: 300, max: 50_000 } },
  features: Object.fromEntries(FEATURES.map((f) => [f, true])) as Record<Feature, boolean>,
  banners: [],
  support: { line: null },
  staff: { tokenWatcher: true, watchNotice: true, accounts: true },
})
