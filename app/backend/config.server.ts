// Kept CONFIG_TTL_MS and shared; when the service is down the last good configuration stays
// (logged once, never shown to members). A request waits no longer than its deadline (decision 0092).
import {
  appConfigResponseSchema,
  DEFAULT_APP_CONFIG,
  type AppConfig,
  type Feature,
} from '~/backend/config.schemas'
import { BackendError, callBackend, untilDeadline } from '~/backend/client.server'
import { env } from '~/server/env.server'
import { httpError } from '~/server/http-error.server'

export const CONFIG_TTL_MS = 60_000

export const SECTION_CLOSED_MESSAGE = 'ส่วนนี้ปิดปรับปรุงชั่วคราว กรุณากลับมาใหม่ภายหลัง'

export interface ConfigSourceOptions {
  load: () => Promise<AppConfig>
  ttlMs?: () => number
  now?: () => number
  log?: (line: string) => void
}

export function createConfigSource({
  load,
  ttlMs = () => CONFIG_TTL_MS,
  now = Date.now,
  log = (line) => console.warn(line),
}: ConfigSourceOptions) {
  let good: { value: AppConfig; at: number } | undefined
  let pending: Promise<AppConfig> | undefined
  let failing = false

  function refresh(): Promise<AppConfig> {
    pending ??= load()
      .then((value) => {
        if (failing) log('[config] the configuration service answers again')
        failing = false
        good = { value, at: now() }
        return value
      })
      .catch((error: unknown) => {
        if (!failing) {
          const why =
            error instanceof BackendError ? `${error.status} ${error.code}` : String(error)
          log(
            good
              ? `[config] the configuration service failed (${why}); keeping the configuration of ${new Date(good.at).toISOString()}`
              : `[config] the configuration service failed (${why}); using the built-in defaults`,
          )
        }
        failing = true
        // Try again after another TTL, not on every request.
        if (good) good = { ...good, at: now() }
        return good?.value ?? DEFAULT_APP_CONFIG
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }

  return {
    /** Never throws. */
    async get(signal?: AbortSignal): Promise<AppConfig> {
      if (good && now() - good.at < ttlMs()) return good.value
      return untilDeadline(signal, refresh()).catch(() => good?.value ?? DEFAULT_APP_CONFIG)
    },
    clear() {
      good = undefined
      pending = undefined
      failing = false
    },
  }
}

const source = createConfigSource({
  ttlMs: () => env().CONFIG_TTL_MS,
  load: async () => {
    const baseUrl = env().CONFIG_SERVICE_URL
    if (!baseUrl) return DEFAULT_APP_CONFIG
    return callBackend({
      method: 'GET',
      path: '/app-config',
      schema: appConfigResponseSchema,
      baseUrl: baseUrl.replace(/\/+$/, ''),
    })
  },
})

export function appConfig(signal?: AbortSignal): Promise<AppConfig> {
  return source.get(signal)
}

export async function requireOpen(feature: Feature, signal?: AbortSignal): Promise<AppConfig> {
  const config = await appConfig(signal)
  if (!config.features[feature]) throw httpError(503, SECTION_CLOSED_MESSAGE)
  return config
}
