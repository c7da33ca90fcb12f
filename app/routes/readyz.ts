import { env } from '~/server/env.server'
import { methodNotAllowed } from '~/server/http-error.server'
import { redis, shared } from '~/server/redis.server'
import { isDraining } from '~/server/shutdown.server'
import { liveStats } from '~/live/stream.server'

/** How long one check is reused: a flood of /readyz must not become a flood at the backend. */
const REUSE_MS = 1000
const CHECK_TIMEOUT_MS = 1000

type Check = 'ok' | 'down' | 'off'

async function backendAnswers(): Promise<Check> {
  try {
    const res = await fetch(`${env().BACKEND_URL}/healthz`, {
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    })
    await res.body?.cancel()
    return res.ok ? 'ok' : 'down'
  } catch {
    return 'down'
  }
}

async function redisAnswers(): Promise<Check> {
  if (!redis()) return 'off'
  return shared(
    async (r) => ((await r.ping()) === 'PONG' ? 'ok' : 'down'),
    () => 'down' as const,
  )
}

let last: { at: number; checks: Promise<{ backend: Check; redis: Check }> } | undefined

function checks() {
  const now = Date.now()
  if (!last || now - last.at >= REUSE_MS) {
    last = {
      at: now,
      checks: Promise.all([backendAnswers(), redisAnswers()]).then(([backend, redis]) => ({
        backend,
        redis,
      })),
    }
  }
  return last.checks
}

/**
 * Readiness for load balancers (docs/deploy.md, docs/decisions/0088): 200
 * when this instance can serve members: the backend answers its /healthz and
 * the instance is not shutting down. Redis is reported too, but an instance
 * whose Redis is away still serves (from its own memory), so that alone is
 * "degraded", not 503: taking every instance out would be an outage.
 * `live` counts this instance's live streams: members, open tabs, and the
 * members' upstreams it holds (with Redis, one instance per member), and
 * the streams closed since start because a member opened more than 8
 * (`replaced`) or a reader stopped reading (`stalled`; decision 0132).
 */
export async function loader() {
  const { APP_VERSION, APP_COMMIT } = env()
  const { backend, redis } = await checks()
  const draining = isDraining()
  const ready = backend === 'ok' && !draining
  const status = draining
    ? 'draining'
    : !ready
      ? 'not-ready'
      : redis === 'down'
        ? 'degraded'
        : 'ready'
  return Response.json(
    { status, backend, redis, live: liveStats(), version: APP_VERSION, commit: APP_COMMIT },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}

/** Only GET and HEAD: anything else is a Thai 405 (not Remix's English error). */
export function action() {
  return methodNotAllowed('GET, HEAD')
}
