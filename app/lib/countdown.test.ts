import { describe, expect, it } from 'vitest'
import { formatTimeLeft, spokenTimeLeft, timeLeft } from '~/lib/countdown'

const at = (d: number, h: number, m: number, s: number) =>
  ((d * 24 + h) * 60 + m) * 60_000 + s * 1000

describe('timeLeft', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(timeLeft(at(2, 3, 4, 5) + 999, 0)).toEqual({
      ms: at(2, 3, 4, 5) + 999,
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    })
  })

  it('is zero once the moment has passed', () => {
    expect(timeLeft(1000, 5000)).toEqual({ ms: 0, days: 0, hours: 0, minutes: 0, seconds: 0 })
  })
})

describe('formatTimeLeft', () => {
  it('shows days before the clock', () => {
    expect(formatTimeLeft(timeLeft(at(2, 3, 4, 5), 0))).toBe('2 วัน 03:04:05')
  })
  it('shows hours, minutes and seconds under a day', () => {
    expect(formatTimeLeft(timeLeft(at(0, 13, 0, 9), 0))).toBe('13:00:09')
  })
  it('shows minutes and seconds under an hour', () => {
    expect(formatTimeLeft(timeLeft(at(0, 0, 4, 5), 0))).toBe('04:05')
  })
})

describe('spokenTimeLeft', () => {
  it('reads days, hours and minutes, leaving out the seconds', () => {
    expect(spokenTimeLeft(timeLeft(at(2, 3, 4, 5), 0))).toBe('2 วัน 3 ชั่วโมง 4 นาที')
  })
  it('reads the seconds in the last hour', () => {
    expect(spokenTimeLeft(timeLeft(at(0, 0, 1, 30), 0))).toBe('1 นาที 30 วินาที')
  })
})
