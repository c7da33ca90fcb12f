// The yeekee (ยี่กี) rule as Thai yeekee sites state it (docs/decisions/0130): the sum of every shot
// minus the 16th; the difference read with five digits gives 3 ตัวบน (last three) and 2 ตัวล่าง.

export const YEEKEE_DIGITS = 5
export const YEEKEE_SUBTRACTED_SHOT = 16

export interface YeekeeWorking {
  shots: number
  sum: number
  sixteenth: string
  difference: number
  threeTop: string
  twoBottom: string
}

/** null before the 16th shot. */
export function yeekeeWorking(numbers: readonly string[]): YeekeeWorking | null {
  const sixteenth = numbers[YEEKEE_SUBTRACTED_SHOT - 1]
  if (sixteenth === undefined) return null
  const sum = numbers.reduce((total, n) => total + Number(n), 0)
  const difference = sum - Number(sixteenth)
  const digits = String(difference).padStart(YEEKEE_DIGITS, '0')
  return {
    shots: numbers.length,
    sum,
    sixteenth,
    difference,
    threeTop: digits.slice(-3),
    twoBottom: digits.slice(-5, -3),
  }
}

export const SHOWN_SHOTS = 100

/** Loaded data never takes away a shot that came live after the load began (decision 0129). */
export function withShots<T extends { seq: number }>(
  loaded: readonly T[],
  live: readonly T[],
): T[] {
  const bySeq = new Map<number, T>()
  for (const shot of [...loaded, ...live]) if (!bySeq.has(shot.seq)) bySeq.set(shot.seq, shot)
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq).slice(0, SHOWN_SHOTS)
}

/** The page missed some. */
export function shotAfterGap(known: readonly { seq: number }[], seq: number): boolean {
  return seq > (known[0]?.seq ?? 0) + 1
}
