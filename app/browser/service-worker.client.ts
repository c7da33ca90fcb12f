// Loaded with import() once the page is interactive, never in the first-load bundle.
import { isOtherRelease, isStaleRelease, markStaleRelease, releaseFromTimings } from '~/lib/release'

export const SERVICE_WORKER_URL = '/sw.js'

let registration: Promise<ServiceWorkerRegistration | null> | null = null

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

/** docs/decisions/0143: a page that sees another release is marked stale and reloaded at its next navigation. */
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
  // Stale only if the new worker runs another release than the page's own.
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

/** Retries a few times: during a rolling deploy a check may reach an instance still on the old release. */
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

export const RELEASE_ANSWER_MS = 3000

/** null when the worker does not answer within `timeoutMs`. */
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
 * Chromium can lose the new worker's skipWaiting (about one takeover in twenty here): it then waits
 * until every tab closes, so a worker still waiting at a check is told again.
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
