/**
 * Chunks that fail to load. The original's rule: when a chunk fails (a deploy
 * replaced it, the network dropped), reload the page to get the new build if
 * sessionStorage has no reload stamp or the stamp is more than 60 000 ms old
 * (store the time first); otherwise show the error.
 *
 * Two kinds of chunk go through it: the lazily loaded parts of the app
 * (sonner, …) through `loadChunk()`, and Remix's route modules through
 * `guardRouteModuleReloads()` (see docs/decisions/0005-lazy-chunks-and-reload-guard.md).
 */
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY } from '~/lib/constants'

type StampStore = Pick<Storage, 'getItem' | 'setItem'>

/** Pure rule: reload when there is no stamp or it is older than the guard window. */
export function shouldReloadForChunk(storage: StampStore, now: number): boolean {
  const stamp = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY))
  return !Number.isFinite(stamp) || stamp <= 0 || now - stamp > CHUNK_RELOAD_GUARD_MS
}

/**
 * Takes the one reload the rule allows: true (and the time stored) when the
 * page may reload now, false when the error must be shown. Storage that
 * cannot be read or written (blocked by the browser) never allows a reload:
 * without a stamp nothing would stop the next one.
 */
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

/**
 * What Remix 2 logs when a route module fails to import on a client
 * navigation, right before it logs the import error and reloads the page
 * (`loadRouteModule` in @remix-run/react). A unit test checks the installed
 * Remix still does exactly that.
 */
export const REMIX_ROUTE_MODULE_FAILED =
  /^Error loading route module `[^`]*`, reloading page\.\.\.$/

type ErrorLog = Pick<Console, 'error'>

/** The import error of the last route module the rule refused to reload for. */
let refused: { error: unknown } | null = null

export function refusedRouteModuleError(): { error: unknown } | null {
  return refused
}

/**
 * Puts Remix's reload after a failed route module under the same rule.
 * Remix reloads unconditionally from inside its router, with no hook, but it
 * logs twice first: the "Error loading route module" line, then the error.
 * When the rule allows a reload, the time is stored and Remix reloads. When it
 * does not, the second log call throws the import error: Remix's catch block
 * ends there, before `location.reload()`. The navigation then ends on a route
 * whose module never loaded, where React Router renders the root's
 * `HydrateFallback`: the app's one shows the error (`RouteModuleFailure`).
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
