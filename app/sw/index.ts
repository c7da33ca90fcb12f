/// <reference lib="webworker" />
/**
 * The app's service worker, bundled by scripts/build-service-worker.mjs into
 * build/sw.js and served at /sw.js (scope /, `Cache-Control: no-cache`) by
 * the front door (app/server/service-worker.server.ts). The page registers
 * it after it is interactive (app/lib/service-worker.client.ts).
 */
import { installPush } from './push'

declare const self: ServiceWorkerGlobalScope

/** The build this worker belongs to (set by the build script). */
declare const __BUILD_VERSION__: string
export const BUILD_VERSION = __BUILD_VERSION__

self.addEventListener('install', () => {
  void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

installPush(self)
