/**
 * The client's address, as far as the proxies we trust say. With
 * TRUST_PROXY_HOPS=N > 0 it is the N-th entry from the right of
 * X-Forwarded-For: the one the outermost trusted proxy appended (entries
 * further left are whatever the client sent). With 0 nothing is trusted and
 * the address is unknown (the server hands no socket address to loaders).
 * X-Client-IP, X-Real-IP, CF-Connecting-IP and the like are never read: any
 * client can set them.
 */
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
