// Pure: the bet slip, the saved sets and the demo backend's settlement all use these rules.

export const BET_KINDS = [
  'threeTop',
  'threeTote',
  'twoTop',
  'twoBottom',
  'runTop',
  'runBottom',
] as const
export type BetKind = (typeof BET_KINDS)[number]

export const BET_KIND_LABELS: Readonly<Record<BetKind, string>> = {
  threeTop: '3 ตัวบน',
  threeTote: '3 ตัวโต๊ด',
  twoTop: '2 ตัวบน',
  twoBottom: '2 ตัวล่าง',
  runTop: 'วิ่งบน',
  runBottom: 'วิ่งล่าง',
}

export const BET_KIND_DIGITS: Readonly<Record<BetKind, 1 | 2 | 3>> = {
  threeTop: 3,
  threeTote: 3,
  twoTop: 2,
  twoBottom: 2,
  runTop: 1,
  runBottom: 1,
}

/** The backend's max per kind is lower. */
export const MAX_LINE_AMOUNT = 99_999

/** The backend refuses more; the forms check first. */
export const STAKE_SET_LIMITS = {
  maxSets: 20,
  maxLines: 100,
  /** After trimming spaces. */
  nameMax: 50,
  /** What one slip line takes, so a set always fits a slip. */
  maxAmount: MAX_LINE_AMOUNT,
} as const

export function isBetKind(value: unknown): value is BetKind {
  return typeof value === 'string' && (BET_KINDS as readonly string[]).includes(value)
}

/** Leading zeros count: "07". */
export function isLottoNumber(number: string, digits: number): boolean {
  return number.length === digits && /^[0-9]+$/.test(number)
}

/** The number first, then ascending ("112" -> 112, 121, 211). */
export function permutations(number: string): string[] {
  if (number.length <= 1) return [number]
  const out = new Set<string>()
  const walk = (prefix: string, rest: string) => {
    if (rest === '') {
      out.add(prefix)
      return
    }
    for (let i = 0; i < rest.length; i++) {
      walk(prefix + rest.charAt(i), rest.slice(0, i) + rest.slice(i + 1))
    }
  }
  walk('', number)
  const others = [...out].filter((n) => n !== number).sort()
  return [number, ...others]
}

/** d0..d9 and 0d..9d: 19 numbers since dd counts once, ascending. */
export function nineteenDoors(digit: string): string[] {
  if (!isLottoNumber(digit, 1)) return []
  const out = new Set<string>()
  for (let i = 0; i <= 9; i++) {
    out.add(`${digit}${i}`)
    out.add(`${i}${digit}`)
  }
  return [...out].sort()
}

export interface WinningNumbers {
  threeTop: string
  twoTop: string
  twoBottom: string
}

const sortedDigits = (n: string) => [...n].sort().join('')

export function isWinning(kind: BetKind, number: string, result: WinningNumbers): boolean {
  switch (kind) {
    case 'threeTop':
      return number === result.threeTop
    case 'threeTote':
      return sortedDigits(number) === sortedDigits(result.threeTop)
    case 'twoTop':
      return number === result.twoTop
    case 'twoBottom':
      return number === result.twoBottom
    case 'runTop':
      return number.length === 1 && result.threeTop.includes(number)
    case 'runBottom':
      return number.length === 1 && result.twoBottom.includes(number)
  }
}
