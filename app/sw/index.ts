/// <reference lib="webworker" />
/**
 * The app's service worker, bundled by scripts/build-service-worker.mjs into
 * build/sw.js and served at /sw.js (scope /, `Cache-Control: no-cache`) by
 * the front door (app/server/service-worker.server.ts), which puts the
 * server's release first (`self.APP_RELEASE`). The page registers it after
 * it is interactive (app/browser/service-worker.client.ts). docs/decisions/0143.
 *
 * - The build's hashed files (/build/…): cache-first, one cache per build.
 * - Documents: network only; offline, the Thai offline page (precached).
 * - Route data, /events, forms and everything else: not touched, never cached.
 * - A new build: its worker's bytes differ, so the browser installs it; it
 *   takes over at once (skipWaiting, clients.claim) and deletes the caches
 *   of older builds. Pages still running the old code reload at their next
 *   navigation (the release check of service-worker.client.ts).
 */
import { installPush } from './push'
import { OFFLINE_PAGE, cacheName, mayKeep, requestKind, staleCaches } from './rules'

declare const self: ServiceWorkerGlobalScope & { APP_RELEASE?: string }

/** The browser build this worker belongs to (set by the build script). */
declare const __BUILD_VERSION__: string
const BUILD_VERSION = __BUILD_VERSION__
/** The server's release (build and commit) it was served by; the build's alone without it. */
const RELEASE = self.APP_RELEASE ?? BUILD_VERSION
const CACHE = cacheName(BUILD_VERSION)

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE)
      await cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' }))
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(staleCaches(names, CACHE).map((name) => caches.delete(name)))
      // The document's request starts while the worker wakes up, not after.
      await self.registration.navigationPreload?.enable().catch(() => undefined)
      await self.clients.claim()
    })(),
  )
})

async function buildFile(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const kept = await cache.match(request)
  if (kept) return kept
  const response = await fetch(request)
  if (mayKeep(response)) await cache.put(request, response.clone())
  return response
}

async function navigation(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined
    return preloaded ?? (await fetch(event.request))
  } catch (error) {
    const page = await caches.match(OFFLINE_PAGE, { cacheName: CACHE })
    if (!page) throw error
    return new Response(page.body, {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      },
    })
  }
}

self.addEventListener('fetch', (event) => {
  const kind = requestKind(event.request, self.location.origin)
  if (kind === 'build') event.respondWith(buildFile(event.request))
  else if (kind === 'navigation') event.respondWith(navigation(event))
  // Anything else goes to the network as if there were no worker.
})

// The page asks which release the worker runs (the release check, and tests), and
// tells a new worker whose takeover stalled to take over (hurryWaiting).
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null
  if (data?.type === 'release') {
    event.ports[0]?.postMessage({ release: RELEASE, build: BUILD_VERSION, cache: CACHE })
  } else if (data?.type === 'skip-waiting') {
    event.waitUntil(self.skipWaiting())
  }
})

installPush(self)
