// One store of the network state for the tab (docs/decisions/0143). `onLine` false is certain;
// true only means there is a network, so pages keep their own handling of a silent server.
import { useSyncExternalStore } from 'react'

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: Pick<Navigator, 'onLine'>
}

export function isOnline(win: Target | undefined = globalThis.window): boolean {
  return win?.navigator.onLine !== false
}

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

export function onBackOnline(
  listener: () => void,
  win: Target | undefined = globalThis.window,
): () => void {
  if (!win) return () => {}
  win.addEventListener('online', listener)
  return () => win.removeEventListener('online', listener)
}

/** Online on the server and at hydration. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => subscribeOnline(listener),
    () => isOnline(),
    () => true,
  )
}
