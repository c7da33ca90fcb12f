/**
 * The configuration service (CONFIG_SERVICE_URL): limits, banners and which
 * sections are open. Kept CONFIG_TTL_MS (a minute) and shared by every
 * request; one fetch at a time, concurrent requests wait for the same one.
 * When the service is down the app keeps the last good configuration and
 * says so once in the log (and once when it answers again), never to
 * members. Before any answer, or with no service set, DEFAULT_APP_CONFIG.
 * A member's request waits for a fetch no longer than its one backend
 * deadline (decision 0092): then it goes on with what the app has.
 */
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

/** A configuration kept `ttlMs`, fetched once at a time, falling back to the last good one. */
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
    /**
     * The configuration: never throws. `signal` (the member's request): at its
     * deadline, the last good configuration (else the defaults) while the fetch goes on.
     */
    async get(signal?: AbortSignal): Promise<AppConfig> {
      if (good && now() - good.at < ttlMs()) return good.value
      return untilDeadline(signal, refresh()).catch(() => good?.value ?? DEFAULT_APP_CONFIG)
    },
    /** Forget everything (tests). */
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

/** The current configuration (cached; never throws); `signal`: the member's request (its deadline). */
export function appConfig(signal?: AbortSignal): Promise<AppConfig> {
  return source.get(signal)
}

/** Throws the Thai "closed for maintenance" page (503) when the operator closed `feature`. */
export async function requireOpen(feature: Feature, signal?: AbortSignal): Promise<AppConfig> {
  const config = await appConfig(signal)
  if (!config.features[feature]) throw httpError(503, SECTION_CLOSED_MESSAGE)
  return config
}
