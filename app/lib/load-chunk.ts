/**
 * Loading a lazily loaded part of the app (sonner, swiper, confetti, …). If
 * its chunk fails to load (a deploy replaced it, the network dropped), reload
 * the page to get the new build — at most once per 60 s, the time kept in
 * sessionStorage; within that window the error is shown instead.
 */
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY } from '~/lib/constants'

type StampStore = Pick<Storage, 'getItem' | 'setItem'>

/** Pure rule: reload when there is no stamp or it is older than the guard window. */
export function shouldReloadForChunk(storage: StampStore, now: number): boolean {
  const stamp = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY))
  return !Number.isFinite(stamp) || stamp <= 0 || now - stamp > CHUNK_RELOAD_GUARD_MS
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
    if (!shouldReloadForChunk(deps.storage, deps.now())) throw error
    deps.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(deps.now()))
    deps.reload()
    // The page is going away: never settle.
    return new Promise<T>(() => undefined)
  }
}
