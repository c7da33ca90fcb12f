/**
 * The demo backend's lotto calendar: which lotto types it offers, when each
 * draws (Bangkok time, UTC+7 all year), and every draw's result. Past
 * results are derived from the draw id (the same numbers every time, offline);
 * a draw settled through /__mock/ keeps the numbers it was given. The stake
 * and saved-set modules build on this one.
 */
import { createHash } from 'node:crypto'
import type { Draw, DrawResult, LottoGroup, LottoType } from '../../app/backend/lotto.schemas'
import type { YeekeeWorking } from '../../app/lotto/yeekee'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** Bangkok is UTC+7 and has no daylight saving time. */
const BANGKOK_OFFSET_MS = 7 * HOUR

type Schedule =
  /** Drawn on these days of the month. */
  | { kind: 'monthDays'; days: readonly number[] }
  /** Drawn on these weekdays (0 = Sunday). */
  | { kind: 'weekdays'; days: readonly number[] }
  /** Drawn many times a day: a round every `everyMinutes`, from midnight. */
  | { kind: 'rounds'; everyMinutes: number }

export interface LottoSeed {
  id: string
  name: string
  group: LottoGroup
  schedule: string
  when: Schedule
  /** Closing and drawing time of day, Bangkok, in minutes since midnight (not for rounds). */
  closesAtMinute: number
  drawsAtMinute: number
}

export const LOTTO_SEED: readonly LottoSeed[] = [
  {
    id: 'thai',
    name: 'หวยรัฐบาลไทย',
    group: 'government',
    schedule: 'ออกทุกวันที่ 1 และ 16 ของเดือน เวลา 16:00 น.',
    when: { kind: 'monthDays', days: [1, 16] },
    closesAtMinute: 15 * 60,
    drawsAtMinute: 16 * 60,
  },
  {
    id: 'lao',
    name: 'หวยลาวพัฒนา',
    group: 'foreign',
    schedule: 'ออกทุกวันจันทร์ พุธ และศุกร์ เวลา 20:30 น.',
    when: { kind: 'weekdays', days: [1, 3, 5] },
    closesAtMinute: 20 * 60,
    drawsAtMinute: 20 * 60 + 30,
  },
  {
    id: 'hanoi',
    name: 'หวยฮานอย',
    group: 'foreign',
    schedule: 'ออกทุกวัน เวลา 18:30 น.',
    when: { kind: 'weekdays', days: [0, 1, 2, 3, 4, 5, 6] },
    closesAtMinute: 18 * 60,
    drawsAtMinute: 18 * 60 + 30,
  },
  {
    id: 'nikkei',
    name: 'หวยหุ้นนิเคอิ รอบเช้า',
    group: 'stock',
    schedule: 'ออกวันจันทร์ถึงศุกร์ ตามดัชนีปิดตลาดเช้า เวลา 10:30 น.',
    when: { kind: 'weekdays', days: [1, 2, 3, 4, 5] },
    closesAtMinute: 10 * 60,
    drawsAtMinute: 10 * 60 + 30,
  },
  {
    id: 'yeekee',
    name: 'หวยยี่กี',
    group: 'yeekee',
    schedule: 'ออกทุก 15 นาที วันละ 96 รอบ',
    when: { kind: 'rounds', everyMinutes: 15 },
    closesAtMinute: 0,
    drawsAtMinute: 0,
  },
]

/** The seed entry of a lotto type id, if the backend offers it. */
export function lottoSeed(id: string): LottoSeed | undefined {
  return LOTTO_SEED.find((seed) => seed.id === id)
}

/** Bangkok midnight (as UTC ms) of the Bangkok day holding `ms`. */
function bangkokMidnight(ms: number): number {
  return Math.floor((ms + BANGKOK_OFFSET_MS) / DAY) * DAY - BANGKOK_OFFSET_MS
}

/** yyyymmdd and yyyy-mm-dd of the Bangkok day starting at `midnight`. */
function dayParts(midnight: number) {
  const d = new Date(midnight + BANGKOK_OFFSET_MS)
  const iso = d.toISOString().slice(0, 10)
  return { iso, compact: iso.replace(/-/g, ''), monthDay: d.getUTCDate(), weekday: d.getUTCDay() }
}

/** ISO time in Bangkok's offset, as a Thai backend writes it: 2026-12-01T15:00:00+07:00. */
export function bangkokIso(ms: number): string {
  return new Date(ms + BANGKOK_OFFSET_MS).toISOString().replace(/\.\d{3}Z$/, '+07:00')
}

/** Times of a draw, in ms, before any override. */
export interface DrawTimes {
  id: string
  lottoId: string
  drawDate: string
  round: number | null
  opensAt: number
  closesAt: number
  drawsAt: number
}

function isDrawDay(seed: LottoSeed, midnight: number): boolean {
  const { monthDay, weekday } = dayParts(midnight)
  if (seed.when.kind === 'monthDays') return seed.when.days.includes(monthDay)
  if (seed.when.kind === 'weekdays') return seed.when.days.includes(weekday)
  return true
}

const roundsPerDay = (everyMinutes: number) => Math.floor((24 * 60) / everyMinutes)

/**
 * When the draw before the one closing at `closesAt` closed: the moment this
 * one starts taking stakes, as Thai lotto sites open the next งวด (or round)
 * as soon as one closes. So every type always has a draw taking stakes.
 */
function previousClosing(seed: LottoSeed, closesAt: number): number {
  if (seed.when.kind === 'rounds') return closesAt - seed.when.everyMinutes * 60_000
  const midnight = bangkokMidnight(closesAt)
  for (let day = 1; day <= 40; day++) {
    const before = midnight - day * DAY
    if (isDrawDay(seed, before)) return before + seed.closesAtMinute * 60_000
  }
  return closesAt - 40 * DAY
}

function drawOn(seed: LottoSeed, midnight: number, round: number | null): DrawTimes {
  const { iso, compact } = dayParts(midnight)
  if (seed.when.kind === 'rounds' && round !== null) {
    const closesAt = midnight + round * seed.when.everyMinutes * 60_000
    return {
      id: `${seed.id}-${compact}-${round}`,
      lottoId: seed.id,
      drawDate: iso,
      round,
      opensAt: previousClosing(seed, closesAt),
      closesAt,
      drawsAt: closesAt + 60_000,
    }
  }
  const closesAt = midnight + seed.closesAtMinute * 60_000
  return {
    id: `${seed.id}-${compact}`,
    lottoId: seed.id,
    drawDate: iso,
    round: null,
    opensAt: previousClosing(seed, closesAt),
    closesAt,
    drawsAt: midnight + seed.drawsAtMinute * 60_000,
  }
}

/** The draws of one type on the Bangkok day starting at `midnight`, in time order. */
function drawsOfDay(seed: LottoSeed, midnight: number): DrawTimes[] {
  if (seed.when.kind === 'rounds') {
    const rounds = roundsPerDay(seed.when.everyMinutes)
    return Array.from({ length: rounds }, (_, i) => drawOn(seed, midnight, i + 1))
  }
  return isDrawDay(seed, midnight) ? [drawOn(seed, midnight, null)] : []
}

/** The first draw closing after `now` (the one taking stakes, or about to open). */
export function nextDrawTimes(seed: LottoSeed, now: number): DrawTimes | undefined {
  for (let day = 0; day < 40; day++) {
    const midnight = bangkokMidnight(now) + day * DAY
    const found = drawsOfDay(seed, midnight).find((draw) => draw.closesAt > now)
    if (found) return found
  }
  return undefined
}

/** Draws already drawn at `now`, most recent first. */
export function pastDrawTimes(seed: LottoSeed, now: number, count: number): DrawTimes[] {
  const out: DrawTimes[] = []
  for (let day = 0; out.length < count && day < 800; day++) {
    const midnight = bangkokMidnight(now) - day * DAY
    const drawn = drawsOfDay(seed, midnight)
      .filter((draw) => draw.drawsAt <= now)
      .reverse()
    out.push(...drawn)
  }
  return out.slice(0, count)
}

const DRAW_ID = /^([a-z][a-z0-9-]*?)-(\d{4})(\d{2})(\d{2})(?:-(\d{1,3}))?$/

/** The draw an id names, when the calendar has such a draw. */
export function drawTimesById(id: string): DrawTimes | undefined {
  const match = DRAW_ID.exec(id)
  if (!match) return undefined
  const [, lottoId = '', y, m, d, round] = match
  const seed = lottoSeed(lottoId)
  if (!seed) return undefined
  const midnight = Date.UTC(Number(y), Number(m) - 1, Number(d)) - BANGKOK_OFFSET_MS
  const draw = drawsOfDay(seed, midnight).find(
    (candidate) => candidate.round === (round === undefined ? null : Number(round)),
  )
  return draw && draw.id === id ? draw : undefined
}

export function toDraw(times: DrawTimes): Draw {
  return {
    id: times.id,
    lottoId: times.lottoId,
    drawDate: times.drawDate,
    round: times.round,
    opensAt: bangkokIso(times.opensAt),
    closesAt: bangkokIso(times.closesAt),
    drawsAt: bangkokIso(times.drawsAt),
  }
}

/** Digits derived from a draw id: the same result every time it is asked. */
function digitsFor(drawId: string, salt: string, count: number): string {
  const hash = createHash('sha256').update(`${drawId}:${salt}`).digest()
  let out = ''
  for (let i = 0; i < count; i++) out += String(hash.readUInt8(i) % 10)
  return out
}

/** The winning numbers a draw publishes, by lotto type: what the demo "draws". */
export function drawnNumbers(times: DrawTimes): Omit<DrawResult, 'drawnAt'> {
  const base = {
    drawId: times.id,
    lottoId: times.lottoId,
    drawDate: times.drawDate,
    round: times.round,
  }
  const seed = lottoSeed(times.lottoId)
  const digits = (salt: string, count: number) => digitsFor(times.id, salt, count)
  switch (seed?.group) {
    case 'government': {
      const firstPrize = digits('first', 6)
      const twoBottom = digits('bottom', 2)
      const threeTop = firstPrize.slice(-3)
      return {
        ...base,
        threeTop,
        twoTop: threeTop.slice(-2),
        twoBottom,
        prizes: [
          { key: 'firstPrize', numbers: [firstPrize] },
          { key: 'threeFront', numbers: [digits('front1', 3), digits('front2', 3)] },
          { key: 'threeBack', numbers: [digits('back1', 3), digits('back2', 3)] },
          { key: 'twoBottom', numbers: [twoBottom] },
        ],
      }
    }
    case 'foreign': {
      if (times.lottoId === 'lao') {
        const four = digits('four', 4)
        const threeTop = four.slice(-3)
        return {
          ...base,
          threeTop,
          twoTop: threeTop.slice(-2),
          twoBottom: four.slice(0, 2),
          prizes: [
            { key: 'fourTop', numbers: [four] },
            { key: 'threeTop', numbers: [threeTop] },
            { key: 'twoTop', numbers: [threeTop.slice(-2)] },
            { key: 'twoBottom', numbers: [four.slice(0, 2)] },
          ],
        }
      }
      const special = digits('special', 5)
      const threeTop = special.slice(-3)
      const twoBottom = digits('first', 2)
      return {
        ...base,
        threeTop,
        twoTop: threeTop.slice(-2),
        twoBottom,
        prizes: [
          { key: 'special', numbers: [special] },
          { key: 'threeTop', numbers: [threeTop] },
          { key: 'twoTop', numbers: [threeTop.slice(-2)] },
          { key: 'twoBottom', numbers: [twoBottom] },
        ],
      }
    }
    default:
      return { ...base, ...threeTopTwoBottom(digits('top', 3), digits('bottom', 2)) }
  }
}

/** A result of three numbers only (stock, yeekee): 3 ตัวบน, its last two, 2 ตัวล่าง. */
function threeTopTwoBottom(threeTop: string, twoBottom: string) {
  return {
    threeTop,
    twoTop: threeTop.slice(-2),
    twoBottom,
    prizes: [
      { key: 'threeTop' as const, numbers: [threeTop] },
      { key: 'twoTop' as const, numbers: [threeTop.slice(-2)] },
      { key: 'twoBottom' as const, numbers: [twoBottom] },
    ],
  }
}

/**
 * What the demo backend remembers of the calendar: types closed for now,
 * draws closed early, and results set through /__mock/ (settled draws).
 */
export class LottoCalendar {
  /** Lotto types taking no stakes for now. */
  closedTypes = new Set<string>()
  /** Draws whose closing time a test moved (ms). */
  closesAtOverride = new Map<string, number>()
  /** Results given when a draw was settled, by draw id. */
  settled = new Map<string, DrawResult>()
  /** A yeekee round's result from its shots (yeekee.ts); set by the state. */
  yeekeeWorking: (times: DrawTimes, now: number) => YeekeeWorking | null = () => null

  reset(): void {
    this.closedTypes.clear()
    this.closesAtOverride.clear()
    this.settled.clear()
  }

  /** A draw's times with any override applied. */
  times(draw: DrawTimes): DrawTimes {
    const closesAt = this.closesAtOverride.get(draw.id)
    return closesAt === undefined ? draw : { ...draw, closesAt }
  }

  /** The draw taking stakes for a type at `now`, if any (the type must be open too). */
  openDraw(seed: LottoSeed, now: number): DrawTimes | undefined {
    const next = nextDrawTimes(seed, now)
    if (!next) return undefined
    const times = this.times(next)
    if (times.closesAt > now && !this.settled.has(times.id)) return times
    // Closed early or already settled: the one after it.
    const after = nextDrawTimes(seed, next.closesAt)
    return after ? this.times(after) : undefined
  }

  isTakingStakes(times: DrawTimes, now: number): boolean {
    return (
      !this.closedTypes.has(times.lottoId) &&
      !this.settled.has(times.id) &&
      times.opensAt <= now &&
      this.times(times).closesAt > now
    )
  }

  lottoTypes(now: number): LottoType[] {
    return LOTTO_SEED.map((seed) => {
      const next = this.openDraw(seed, now)
      return {
        id: seed.id,
        name: seed.name,
        group: seed.group,
        schedule: seed.schedule,
        image: `/img/providers/lotto-${seed.id}.svg`,
        status: this.closedTypes.has(seed.id) ? 'closed' : 'open',
        nextDraw: next ? toDraw(next) : null,
      }
    })
  }

  /** The result of a draw: set at settlement, else derived once its drawing time has passed. */
  resultOf(times: DrawTimes, now: number): DrawResult | undefined {
    const settled = this.settled.get(times.id)
    if (settled) return settled
    if (times.drawsAt > now) return undefined
    const drawn = { ...drawnNumbers(times), drawnAt: bangkokIso(times.drawsAt) }
    const working = times.lottoId === 'yeekee' ? this.yeekeeWorking(times, now) : null
    if (!working) return drawn
    return { ...drawn, ...threeTopTwoBottom(working.threeTop, working.twoBottom), yeekee: working }
  }

  /** Records a draw's result now (numbers given, or the demo's own), closing it. */
  settle(
    times: DrawTimes,
    now: number,
    numbers?: Pick<DrawResult, 'threeTop' | 'twoBottom'>,
  ): DrawResult {
    const drawn = drawnNumbers(times)
    let result: DrawResult = { ...drawn, drawnAt: bangkokIso(now) }
    if (numbers) {
      const { threeTop, twoBottom } = numbers
      result = {
        ...result,
        threeTop,
        twoTop: threeTop.slice(-2),
        twoBottom,
        prizes: result.prizes.map((prize) => {
          if (prize.key === 'firstPrize') {
            const first = prize.numbers[0] ?? '000000'
            return { ...prize, numbers: [first.slice(0, -3) + threeTop] }
          }
          if (prize.key === 'special' || prize.key === 'fourTop') {
            const n = prize.numbers[0] ?? ''
            return { ...prize, numbers: [n.slice(0, -3) + threeTop] }
          }
          if (prize.key === 'threeTop') return { ...prize, numbers: [threeTop] }
          if (prize.key === 'twoTop') return { ...prize, numbers: [threeTop.slice(-2)] }
          if (prize.key === 'twoBottom') return { ...prize, numbers: [twoBottom] }
          return prize
        }),
      }
    }
    this.settled.set(times.id, result)
    return result
  }
}

/** Every draw of a type on a Bangkok calendar date (YYYY-MM-DD), in time order; [] on a day without. */
export function drawsOnDate(seed: LottoSeed, date: string): DrawTimes[] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return []
  const [, y, m, d] = match
  const utc = Date.UTC(Number(y), Number(m) - 1, Number(d))
  // 2026-02-30 is no date.
  if (new Date(utc).toISOString().slice(0, 10) !== date) return []
  return drawsOfDay(seed, utc - BANGKOK_OFFSET_MS)
}
