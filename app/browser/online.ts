/**
 * Whether the browser has a network: one store for the whole tab
 * (navigator.onLine and its `online`/`offline` events), read by the offline
 * banner, the money forms (held while offline), the live stream and the
 * pages' polling (which resume at once when the network returns).
 * docs/decisions/0143.
 *
 * `navigator.onLine` false is certain (no network at all); true only means
 * there is one, so the pages keep their own handling of a server that does
 * not answer. The server renders every page online.
 */
import { useSyncExternalStore } from 'react'

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: Pick<Navigator, 'onLine'>
}

/** The tab is online now (true where there is no browser). */
export function isOnline(win: Target | undefined = globalThis.window): boolean {
  return win?.navigator.onLine !== false
}

/** Calls `listener` on each change of the network state; returns its removal. */
export function subscribeOnline(
  listener: () => void,
  win: Target | undefined = globalThis.window,
): () => void {
  if (!win) return () => {}
  win.addEventListener('online', listener)
  win.addEventListener('offline', listener)
  return () => {
    win.removeEventListener('online', listener)
    win.removeEventListener('offline', listener)
  }
}

/**
 * Calls `listener` when the network comes back (offline, then online);
 * returns its removal.
 */
export function onBackOnline(
  listener: () => void,
  win: Target | undefined = globalThis.window,
): () => void {
  if (!win) return () => {}
  win.addEventListener('online', listener)
  return () => win.removeEventListener('online', listener)
}

/** The network state, re-rendering on change (online on the server and at hydration). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => subscribeOnline(listener),
    () => isOnline(),
    () => true,
  )
}
