/**
 * The navigation loading bar, as the original behaved: it appears only when a
 * navigation lasts longer than 200 ms, grows 2 % every 100 ms to 100 % at
 * 5000 ms and waits there, then on finish jumps to 100 % and hides after
 * 500 ms. 2 px high.
 */
import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { LOADING_BAR } from '~/lib/constants'

const STEP = (100 * LOADING_BAR.tickMs) / LOADING_BAR.durationMs

type Bar = { visible: boolean; percent: number }

export function LoadingBar() {
  const busy = useNavigation().state !== 'idle'
  const [bar, setBar] = useState<Bar>({ visible: false, percent: 0 })

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
    const hide = setTimeout(() => setBar({ visible: false, percent: 0 }), LOADING_BAR.hideAfterMs)
    return () => clearTimeout(hide)
  }, [busy])

  if (!bar.visible) return null
  return (
    <div
      role="progressbar"
      aria-label="กำลังโหลด"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(bar.percent)}
      className="fixed inset-x-0 top-0 z-50 bg-gold-400 transition-[width] duration-100 ease-linear"
      style={{ height: LOADING_BAR.heightPx, width: `${bar.percent}%` }}
    />
  )
}
