import { env } from '~/server/env.server'
import { methodNotAllowed } from '~/server/http-error.server'
import { redis, shared } from '~/server/redis.server'
import { isDraining } from '~/server/shutdown.server'
import { liveStats } from '~/live/stream.server'

/** A flood of /readyz must not become a flood at the backend. */
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
 * Docs/deploy.md, docs/decisions/0088, 0132. A Redis away alone is "degraded", not 503: the instance
 * still serves from memory, and taking every instance out would be an outage.
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

/** Not Remix's English error. */
export function action() {
  return methodNotAllowed('GET, HEAD')
}
