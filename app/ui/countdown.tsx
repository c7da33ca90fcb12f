// Rendered with the server's `now`, so the page reads right before JavaScript loads; role="timer"
// keeps screen readers from announcing every tick.
import { useEffect, useState } from 'react'
import { formatTimeLeft, spokenTimeLeft, timeLeft } from '~/lib/countdown'

/** Page load time hides in the gap. */
const CLOCK_SKEW_TOLERANCE_MS = 30_000

export function Countdown({
  until,
  now,
  endedText = 'ปิดรับแล้ว',
  label = 'ปิดรับใน',
  onEnd,
  className,
}: {
  until: number
  now: number
  endedText?: string
  label?: string
  onEnd?: () => void
  className?: string
}) {
  const [clock, setClock] = useState(now)
  useEffect(() => {
    // A phone clock far off the server's (not just the page's load time)
    // would close the slip early or late: count on the server's time then.
    const gap = now - Date.now()
    const skew = Math.abs(gap) > CLOCK_SKEW_TOLERANCE_MS ? gap : 0
    setClock(Date.now() + skew)
    const timer = window.setInterval(() => setClock(Date.now() + skew), 1000)
    return () => window.clearInterval(timer)
    // A new `now` comes with new loader data: `until` changes with it or not at all.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until])

  const left = timeLeft(until, clock)
  const ended = left.ms === 0
  useEffect(() => {
    if (ended && clock !== now) onEnd?.()
    // Only the moment it ends matters, not a new onEnd identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended])

  return (
    <span
      role="timer"
      aria-label={ended ? endedText : `${label} ${spokenTimeLeft(left)}`}
      className={className}
    >
      <span aria-hidden="true" className="tabular-nums">
        {ended ? endedText : formatTimeLeft(left)}
      </span>
    </span>
  )
}
