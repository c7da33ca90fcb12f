// Reload once per guard window on a failed chunk (the original's rule):
// docs/decisions/0005-lazy-chunks-and-reload-guard.md.
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY } from '~/lib/constants'

type StampStore = Pick<Storage, 'getItem' | 'setItem'>

export function shouldReloadForChunk(storage: StampStore, now: number): boolean {
  const stamp = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY))
  return !Number.isFinite(stamp) || stamp <= 0 || now - stamp > CHUNK_RELOAD_GUARD_MS
}

/** Storage that cannot be used never allows a reload: without a stamp nothing would stop the next one. */
export function claimChunkReload(storage: StampStore, now: number): boolean {
  try {
    if (!shouldReloadForChunk(storage, now)) return false
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now))
    return true
  } catch {
    return false
  }
}

export async function loadChunk<T>(
  load: () => Promise<T>,
  deps: { storage: StampStore; now: () => number; reload: () => void } = {
    storage: window.sessionStorage,
    now: Date.now,
    reload: () => window.location.reload(),
  },
): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!claimChunkReload(deps.storage, deps.now())) throw error
    deps.reload()
    // The page is going away: never settle.
    return new Promise<T>(() => undefined)
  }
}

/** `loadRouteModule` in @remix-run/react logs it before reloading; a unit test checks it still does. */
export const REMIX_ROUTE_MODULE_FAILED =
  /^Error loading route module `[^`]*`, reloading page\.\.\.$/

type ErrorLog = Pick<Console, 'error'>

let refused: { error: unknown } | null = null

export function refusedRouteModuleError(): { error: unknown } | null {
  return refused
}

/**
 * Remix reloads with no hook after logging twice: when the rule refuses, the second log call
 * throws, ending Remix's catch before `location.reload()`; the root's HydrateFallback then shows it.
 */
export function guardRouteModuleReloads(
  deps: { console: ErrorLog; storage: StampStore; now: () => number } = {
    console: window.console,
    storage: window.sessionStorage,
    now: Date.now,
  },
): () => void {
  const original = deps.console.error
  let refuseNext = false
  const guarded = function (this: unknown, ...args: unknown[]) {
    if (refuseNext) {
      refuseNext = false
      original.apply(this, args)
      const error = args[0] instanceof Error ? args[0] : new Error(String(args[0]))
      refused = { error }
      throw error
    }
    if (typeof args[0] === 'string' && REMIX_ROUTE_MODULE_FAILED.test(args[0])) {
      if (!claimChunkReload(deps.storage, deps.now())) {
        refuseNext = true
        // Remix logs the error in the same synchronous run; never let the
        // flag outlive it and throw from someone else's log call.
        queueMicrotask(() => {
          refuseNext = false
        })
        const line = args[0].replace(/, reloading page\.\.\.$/, '')
        original.call(
          this,
          `${line}: the page reloaded for a failed chunk less than 60 s ago, not reloading again`,
        )
        return
      }
    }
    original.apply(this, args)
  }
  deps.console.error = guarded
  return () => {
    if (deps.console.error === guarded) deps.console.error = original
  }
}
