// With TRUST_PROXY_HOPS=N the N-th X-Forwarded-For entry from the right (the outermost trusted
// proxy's); entries further left are the client's own. X-Real-IP and the like are never read:
// any client can set them.
import { isIP } from 'is-ip'
import { env } from '~/server/env.server'

export function clientAddress(
  request: Request,
  hops: number = env().TRUST_PROXY_HOPS,
): string | null {
  if (hops <= 0) return null
  const entries = (request.headers.get('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const entry = entries[entries.length - hops]
  return entry && isIP(entry) ? entry : null
}
