export interface TimeLeft {
  /** Whole milliseconds left, 0 once the moment has passed. */
  ms: number
  days: number
  hours: number
  minutes: number
  seconds: number
}

export function timeLeft(until: number, now: number): TimeLeft {
  const ms = Math.max(0, until - now)
  const total = Math.floor(ms / 1000)
  return {
    ms,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** "2 วัน 03:04:05", "03:04:05", or "04:05" under an hour. */
export function formatTimeLeft(left: TimeLeft): string {
  const clock =
    left.days > 0 || left.hours > 0
      ? `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`
      : `${pad(left.minutes)}:${pad(left.seconds)}`
  return left.days > 0 ? `${left.days} วัน ${clock}` : clock
}

/** Words for screen readers: "ปิดรับใน 2 วัน 3 ชั่วโมง 4 นาที". */
export function spokenTimeLeft(left: TimeLeft): string {
  const parts = [
    left.days > 0 ? `${left.days} วัน` : '',
    left.hours > 0 ? `${left.hours} ชั่วโมง` : '',
    left.minutes > 0 ? `${left.minutes} นาที` : '',
    left.days === 0 && left.hours === 0 ? `${left.seconds} วินาที` : '',
  ]
  return parts.filter(Boolean).join(' ')
}
