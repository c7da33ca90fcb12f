import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/** How often a pending order's page asks again. */
export const ORDER_POLL_MS = 3000

/**
 * Reloads the page's data every `everyMs` while `active` (a pending order),
 * only while the tab is visible: hidden, it waits; shown again, it asks at
 * once and goes on. A revalidation still running is not doubled. Stops for
 * good when `active` turns false (the order is final).
 */
export function usePollWhileVisible(active: boolean, everyMs = ORDER_POLL_MS): void {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  useEffect(() => {
    if (!active) return
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
  }, [active, everyMs])
}
