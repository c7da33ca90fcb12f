// Pure, so unit tests read it without a browser (docs/decisions/0143). Documents are network only
// (members' documents are `private, no-store`); route data, /events and other origins are never cached.
export type RequestKind = 'build' | 'navigation' | 'network'

export const OFFLINE_PAGE = '/offline.html'

const CACHE_PREFIX = 'app-build-'

export function cacheName(buildVersion: string): string {
  return `${CACHE_PREFIX}${buildVersion}`
}

export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current)
}

export interface RequestFacts {
  method: string
  url: string
  mode: string
}

export function requestKind(request: RequestFacts, origin: string): RequestKind {
  if (request.method !== 'GET') return 'network'
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return 'network'
  }
  if (url.origin !== origin) return 'network'
  if (request.mode === 'navigate') return 'navigation'
  if (url.pathname.startsWith('/build/') && url.search === '') return 'build'
  return 'network'
}

/** A whole, same-origin 200. */
export function mayKeep(response: { ok: boolean; status: number; type: string }): boolean {
  return response.ok && response.status === 200 && response.type === 'basic'
}
