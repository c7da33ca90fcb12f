/**
 * What the service worker does with each request (pure, so unit tests read
 * it without a browser). docs/decisions/0143.
 *
 * - `build`: a hashed file of the browser build (/build/…): cache-first in
 *   the build's own cache; a file never changes under its name.
 * - `navigation`: a document: network only (the server sends members'
 *   documents `private, no-store`); when the network fails, the offline page.
 * - `network`: everything else (route data, /events, actions, images,
 *   other origins): the worker stays out of it and never caches it.
 */
export type RequestKind = 'build' | 'navigation' | 'network'

/** The offline page (public/offline.html), kept in the build's cache from install on. */
export const OFFLINE_PAGE = '/offline.html'

const CACHE_PREFIX = 'app-build-'

/** The cache of one browser build: its hashed files and the offline page. */
export function cacheName(buildVersion: string): string {
  return `${CACHE_PREFIX}${buildVersion}`
}

/** The app's caches that are not the current build's: the new worker deletes them. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current)
}

export interface RequestFacts {
  method: string
  url: string
  mode: string
}

/** How the worker answers `request`, from `origin` (the worker's own). */
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

/** A response the build's cache may keep: a whole, same-origin 200. */
export function mayKeep(response: { ok: boolean; status: number; type: string }): boolean {
  return response.ok && response.status === 200 && response.type === 'basic'
}
