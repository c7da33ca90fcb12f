/**
 * Registers the app's service worker (/sw.js, scope /: app/sw/index.ts).
 * Loaded with import() by the root once the page is interactive (hydrated,
 * `load` fired, the main thread idle), never in the first-load bundle.
 * `registerServiceWorker()` resolves with the registration (null where
 * the browser has no service workers or registering failed), for the code
 * that needs it (web push's subscription, the check for a new build).
 */
import { isOtherRelease, isStaleRelease, markStaleRelease, releaseFromTimings } from '~/lib/release'

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

/**
 * Watches for a new release (docs/decisions/0143): the page's own is its
 * document's (Server-Timing `release`); a later answer (route data, a
 * revalidation) naming another, or a worker of another release taking over
 * this page, marks
 * the page stale (`<html data-release="stale">`) and asks the browser to
 * check for the new worker at once. The root reloads a stale page at its
 * next navigation (useReleaseReload).
 */
export function watchRelease(win: Window = window): () => void {
  const doc = win.document
  const markStale = () => {
    if (isStaleRelease(doc)) return
    markStaleRelease(doc)
    void registerServiceWorker().then(async (registration) => {
      if (registration && (await checkForUpdate(registration))) await hurryWaiting(registration)
    })
  }
  const [navigation] = win.performance.getEntriesByType(
    'navigation',
  ) as PerformanceNavigationTiming[]
  const own = releaseFromTimings(navigation?.serverTiming)
  const stops: (() => void)[] = []
  if (own && typeof PerformanceObserver !== 'undefined') {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (isOtherRelease(own, releaseFromTimings(entry.serverTiming))) markStale()
      }
    })
    observer.observe({ type: 'resource', buffered: true })
    stops.push(() => observer.disconnect())
  }
  const container = win.navigator.serviceWorker
  // A page that had a worker and gets another: a new build may have taken
  // over. The page is stale only if that worker runs another release than
  // the page's own (a page loaded from the new release while the old worker
  // still controlled it is not); unknown (no own release, no answer) is stale.
  if (container?.controller) {
    let stopped = false
    const onControllerChange = () => {
      const worker = container.controller
      if (!own || !worker) return markStale()
      void askRelease(worker).then((release) => {
        if (stopped) return
        if (release === null || isOtherRelease(own, release)) markStale()
      })
    }
    container.addEventListener('controllerchange', onControllerChange)
    stops.push(() => {
      stopped = true
      container.removeEventListener('controllerchange', onControllerChange)
    })
  }
  return () => stops.forEach((stop) => stop())
}

/**
 * Asks the browser to fetch the worker again now, until it finds a new one:
 * a check that fails (the server was restarting, a weak network), or that
 * finds nothing new (during a rolling deploy it may reach an instance still
 * on the old release), is tried again a few times, `pauseMs` apart, instead
 * of waiting for the browser's own next check.
 */
export async function checkForUpdate(
  registration: Pick<ServiceWorkerRegistration, 'update' | 'installing' | 'waiting'>,
  tries = 5,
  pauseMs = 2000,
): Promise<boolean> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      await registration.update()
      if (registration.installing || registration.waiting) return true
    } catch {
      // tried again below
    }
    if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, pauseMs))
  }
  return false
}

/** How long the page waits for a worker to name its release. */
export const RELEASE_ANSWER_MS = 3000

/**
 * Asks `worker` which release it runs (app/sw/index.ts answers a
 * `{ type: 'release' }` message on the port it is given); null when it
 * does not answer within `timeoutMs`.
 */
export function askRelease(
  worker: Pick<ServiceWorker, 'postMessage'>,
  timeoutMs: number = RELEASE_ANSWER_MS,
): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const done = (release: string | null) => {
      clearTimeout(timer)
      channel.port1.close()
      resolve(release)
    }
    const timer = setTimeout(() => done(null), timeoutMs)
    channel.port1.onmessage = (event: MessageEvent<{ release?: unknown } | null>) => {
      const release = event.data?.release
      done(typeof release === 'string' && release ? release : null)
    }
    try {
      worker.postMessage({ type: 'release' }, [channel.port2])
    } catch {
      done(null)
    }
  })
}

/**
 * Tells a new worker that installed but still waits to take over. It calls
 * skipWaiting as it installs, but Chromium can lose that: it stops the old
 * worker to hand over, the page's last requests start the old one again, and
 * the new one then waits until every tab of the app is closed (about one
 * takeover in twenty here). A healthy handover is done within milliseconds
 * of the install, so a worker still waiting at a check is told again
 * (`skip-waiting`, app/sw/index.ts); checks every `pauseMs`, `tries` times,
 * and stops once none waits or installs.
 */
export async function hurryWaiting(
  registration: Pick<ServiceWorkerRegistration, 'installing' | 'waiting'>,
  tries = 5,
  pauseMs = 1000,
): Promise<void> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs))
    if (!registration.waiting && !registration.installing) return
    registration.waiting?.postMessage({ type: 'skip-waiting' })
  }
}
