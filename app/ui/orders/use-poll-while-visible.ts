import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useOnline } from '~/browser/online'
import { useLiveConnected, useLiveOpened, useLiveRevalidation } from '~/ui/live/live-events'

/** How often a pending order's page asks again. */
export const ORDER_POLL_MS = 3000

/**
 * Follows a pending order: its page's data is reloaded when the live stream
 * says an order ended (and once when the stream opens: an order paid before
 * it did came on no stream), and, only while that stream is not open (an old
 * browser, a proxy that cuts it), every `everyMs` while `active`,
 * only while the tab is visible: hidden, it waits; shown again, it asks at
 * once and goes on. A revalidation still running is not doubled. Stops for
 * good when `active` turns false (the order is final). Offline it waits (a
 * reload would fail); when the network returns, the root's
 * useFocusRevalidation reloads the page's data at once and this goes on
 * (docs/decisions/0143).
 */
export function usePollWhileVisible(active: boolean, everyMs = ORDER_POLL_MS): void {
  useLiveRevalidation(active ? ['order'] : [])
  const live = useLiveConnected()
  const online = useOnline()
  const polling = active && !live && online
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  // An order paid between this page's data and the stream's start came on no stream.
  useLiveOpened(() => {
    if (active && latest.current.state === 'idle') latest.current.revalidate()
  })
  useEffect(() => {
    if (!polling) return
    let timer: ReturnType<typeof setInterval> | undefined
    const ask = () => {
      if (latest.current.state === 'idle') latest.current.revalidate()
    }
    const stop = () => {
      clearInterval(timer)
      timer = undefined
    }
    const start = () => {
      stop()
      if (document.visibilityState === 'visible') timer = setInterval(ask, everyMs)
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        ask()
        start()
      } else stop()
    }
    start()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stop()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [polling, everyMs])
}
