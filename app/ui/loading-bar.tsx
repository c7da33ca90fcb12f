// The original's loading bar. Cyan: a gold line on the dark and gold header went unseen
// (contrast and hue are checked in tests/e2e/feedback.spec.ts).
import { useNavigation, useRouteError } from '@remix-run/react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { LOADING_BAR } from '~/lib/constants'

const STEP = (100 * LOADING_BAR.tickMs) / LOADING_BAR.durationMs

type Bar = { visible: boolean; percent: number }
const HIDDEN: Bar = { visible: false, percent: 0 }

/** A failed navigation remounts the bar inside the error page: the new one starts where the last was. */
let last: Bar = HIDDEN

/** A layout's boundary leaves the root (and the bar) mounted: the error's content says it is up. */
let errorInLayout = false
const listeners = new Set<() => void>()
function setErrorInLayout(shown: boolean) {
  errorInLayout = shown
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useErrorShownInLayout() {
  useEffect(() => {
    setErrorInLayout(true)
    return () => setErrorInLayout(false)
  }, [])
}

export function LoadingBar() {
  const busy = useNavigation().state !== 'idle'
  // Outside an error boundary React Router answers null (its context default).
  const rootFailed = useRouteError() != null
  const layoutFailed = useSyncExternalStore(
    subscribe,
    () => errorInLayout,
    () => false,
  )
  const failed = rootFailed || layoutFailed
  const [bar, setBar] = useState<Bar>(() => last)

  useEffect(() => {
    if (busy) {
      let tick: ReturnType<typeof setInterval> | undefined
      const show = setTimeout(() => {
        setBar({ visible: true, percent: 0 })
        tick = setInterval(() => {
          setBar((b) => ({ ...b, percent: Math.min(100, b.percent + STEP) }))
        }, LOADING_BAR.tickMs)
      }, LOADING_BAR.throttleMs)
      return () => {
        clearTimeout(show)
        clearInterval(tick)
      }
    }
    // Finished: jump to full if the bar was showing, then hide.
    setBar((b) => (b.visible ? { visible: true, percent: 100 } : b))
    const hide = setTimeout(() => setBar(HIDDEN), LOADING_BAR.hideAfterMs)
    return () => clearTimeout(hide)
  }, [busy])

  useEffect(() => {
    last = bar
  }, [bar])

  if (!bar.visible) return null
  return (
    <div
      role="progressbar"
      aria-label="กำลังโหลด"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(bar.percent)}
      data-failed={failed ? 'true' : undefined}
      className={`fixed inset-x-0 top-0 z-50 transition-[width] duration-100 ease-linear ${
        failed
          ? 'bg-danger shadow-[0_0_8px_1px_rgb(255_107_107/0.8)]'
          : 'bg-signal shadow-[0_0_8px_1px_rgb(79_216_255/0.8)]'
      }`}
      style={{ height: LOADING_BAR.heightPx, width: `${bar.percent}%` }}
    />
  )
}
