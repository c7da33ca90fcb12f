/**
 * The navigation loading bar, as the original behaved: it appears only when a
 * navigation lasts longer than 200 ms, grows 2 % every 100 ms to 100 % at
 * 5000 ms and waits there, then on finish jumps to 100 % and hides after
 * 500 ms; a navigation that ends on the error page finishes in the failure
 * colour. 2 px high, in cyan with a glow: the header it runs along is dark
 * with gold in it, and a gold line there went unseen (contrast and hue are
 * checked in tests/e2e/feedback.spec.ts).
 */
import { useNavigation, useRouteError } from '@remix-run/react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { LOADING_BAR } from '~/lib/constants'

const STEP = (100 * LOADING_BAR.tickMs) / LOADING_BAR.durationMs

type Bar = { visible: boolean; percent: number }
const HIDDEN: Bar = { visible: false, percent: 0 }

/**
 * The root renders its Layout once for the page and once for the error page,
 * so a navigation that fails unmounts the bar and mounts a new one inside the
 * error page. The new one starts where the last one was.
 */
let last: Bar = HIDDEN

/**
 * An error shown by a layout's boundary (the member shell's) leaves the root,
 * and so the bar, mounted: the error's content says it is up while it is.
 */
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

/** Called by the error content a layout's boundary renders: the bar finishes as failed. */
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
