import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useOnline } from '~/browser/online'
import { useLiveConnected, useLiveOpened, useLiveRevalidation } from '~/ui/live/live-events'

export const ORDER_POLL_MS = 3000

/**
 * Polls only while the live stream is not open (an old browser, a proxy that cuts it) and the tab is
 * visible; offline it waits and useFocusRevalidation reloads on return (docs/decisions/0143).
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
