/**
 * The demo configuration service (docs/backend-api.md, "Configuration"):
 * `GET /app-config` with limits, banners, the open sections and the LINE
 * official account for support. The demo
 * backend plays the service too (`npm start` and the e2e tests point
 * CONFIG_SERVICE_URL at it); `/__mock/app-config` changes it for tests
 * (close a section, move a limit, turn the support console's switches). Making it fail: `/__mock/fail` on
 * `/app-config`.
 */
import { z } from 'zod'
import {
  amountRangeSchema,
  appConfigResponseSchema,
  DEFAULT_APP_CONFIG,
  FEATURES,
  supportSchema,
  type AppConfig,
} from '../../app/backend/config.schemas'
import { dataReply } from './http'
import { jsonBody, type RequestContext, type Route } from './router'

export const DEMO_APP_CONFIG: AppConfig = {
  ...DEFAULT_APP_CONFIG,
  limits: { deposit: { min: 100, max: 50_000 }, withdraw: { min: 300, max: 30_000 } },
  support: { line: { url: 'https://line.me/R/ti/p/@memberclub', id: '@memberclub' } },
}

export function demoAppConfig(): AppConfig {
  return structuredClone(DEMO_APP_CONFIG)
}

const changeSchema = z
  .object({
    features: z
      .object(Object.fromEntries(FEATURES.map((f) => [f, z.boolean()])))
      .partial()
      .strict(),
    limits: z
      .object({ deposit: amountRangeSchema, withdraw: amountRangeSchema })
      .partial()
      .strict(),
    support: supportSchema,
    staff: z
      .object({ tokenWatcher: z.boolean(), watchNotice: z.boolean(), accounts: z.boolean() })
      .partial()
      .strict(),
  })
  .partial()
  .strict()

function show(ctx: RequestContext) {
  return dataReply(appConfigResponseSchema, { data: ctx.state.appConfig })
}

/** Merges a change into the served configuration. */
function change(ctx: RequestContext) {
  const body = jsonBody(ctx, changeSchema)
  const current = ctx.state.appConfig
  ctx.state.appConfig = {
    ...current,
    features: { ...current.features, ...body.features },
    limits: { ...current.limits, ...body.limits },
    support: body.support ?? current.support,
    staff: { ...current.staff, ...body.staff },
  }
  return show(ctx)
}

export const appConfigRoutes: readonly Route[] = [
  { method: 'GET', path: '/app-config', handler: show },
  { method: 'POST', path: '/__mock/app-config', handler: change },
]
