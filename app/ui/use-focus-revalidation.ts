import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { isOnline, onBackOnline } from '~/browser/online'

const MIN_INTERVAL_MS = 5000

/** A logout in another tab then sends a member page to /login; offline it waits (docs/decisions/0143). */
export function useFocusRevalidation() {
  const { revalidate, state } = useRevalidator()
  const last = useRef(0)
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || state !== 'idle' || !isOnline()) return
      const now = Date.now()
      if (now - last.current < MIN_INTERVAL_MS) return
      last.current = now
      revalidate()
    }
    const onOnline = () => {
      if (state !== 'idle') return
      last.current = Date.now()
      revalidate()
    }
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('focus', onVisible)
    const offOnline = onBackOnline(onOnline)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('focus', onVisible)
      offOnline()
    }
  }, [revalidate, state])
}
