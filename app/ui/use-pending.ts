/**
 * Pending state for in-page fetches (a fetcher, a revalidation): once shown,
 * it stays at least PENDING_MIN_DISPLAY_MS, so a fast answer does not make a
 * spinner flash (the original's page-data fetch delay).
 */
import { useEffect, useRef, useState } from 'react'
import { PENDING_MIN_DISPLAY_MS } from '~/lib/constants'

export function usePending(busy: boolean, minDisplayMs: number = PENDING_MIN_DISPLAY_MS): boolean {
  const [shown, setShown] = useState(busy)
  const since = useRef<number | null>(busy ? Date.now() : null)

  useEffect(() => {
    if (busy) {
      since.current ??= Date.now()
      setShown(true)
      return
    }
    if (since.current === null) return
    const left = since.current + minDisplayMs - Date.now()
    const hide = () => {
      since.current = null
      setShown(false)
    }
    if (left <= 0) return hide()
    const timer = setTimeout(hide, left)
    return () => clearTimeout(timer)
  }, [busy, minDisplayMs])

  return busy || shown
}
