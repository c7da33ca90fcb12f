/**
 * The yeekee (ยี่กี) rule, as Thai yeekee sites state it (docs/decisions/0130):
 * members shoot 5-digit numbers while a round is open; when it closes, the
 * numbers of every shot are added up, and the number shot 16th is taken
 * away. The last three digits of that difference are 3 ตัวบน, the two
 * digits before them 2 ตัวล่าง (the difference is read with five digits,
 * zeros in front when it is shorter).
 */

export const YEEKEE_DIGITS = 5
/** The shot whose number is taken away from the sum. */
export const YEEKEE_SUBTRACTED_SHOT = 16

export interface YeekeeWorking {
  /** How many shots the round had. */
  shots: number
  sum: number
  /** The number shot 16th. */
  sixteenth: string
  difference: number
  threeTop: string
  twoBottom: string
}

/** The round's result from its shots (in the order they were shot); null before the 16th shot. */
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

/** How many of a round's newest shots a page lists. */
export const SHOWN_SHOTS = 100

/**
 * A round's shots as a page lists them: the loaded ones and those that came
 * live since, each once (by `seq`, its number in the round), newest first,
 * the newest 100. Loaded data never takes away a shot that came live after
 * the load began (decision 0129).
 */
export function withShots<T extends { seq: number }>(
  loaded: readonly T[],
  live: readonly T[],
): T[] {
  const bySeq = new Map<number, T>()
  for (const shot of [...loaded, ...live]) if (!bySeq.has(shot.seq)) bySeq.set(shot.seq, shot)
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq).slice(0, SHOWN_SHOTS)
}

/** A live shot skips one after the newest the page knows (newest first): the page missed some. */
export function shotAfterGap(known: readonly { seq: number }[], seq: number): boolean {
  return seq > (known[0]?.seq ?? 0) + 1
}
