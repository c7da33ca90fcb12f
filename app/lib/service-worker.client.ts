/**
 * Registers the app's service worker (/sw.js, scope /: app/sw/index.ts).
 * Loaded with import() by the root once the page is interactive (hydrated,
 * `load` fired, the main thread idle), never in the first-load bundle.
 * `serviceWorkerRegistration()` resolves with the registration (null where
 * the browser has no service workers or registering failed), for the code
 * that needs it (web push's subscription, the check for a new build).
 */
export const SERVICE_WORKER_URL = '/sw.js'

let registration: Promise<ServiceWorkerRegistration | null> | null = null

/** Registers /sw.js once; later calls return the same promise. */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.serviceWorker,
): Promise<ServiceWorkerRegistration | null> {
  if (registration) return registration
  if (!container) {
    registration = Promise.resolve(null)
    return registration
  }
  registration = container
    .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
    .catch((error: unknown) => {
      console.warn('[sw] registration failed', error)
      return null
    })
  return registration
}

/** The worker's registration, once registered (registers it if nobody has yet). */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  return registerServiceWorker()
}
