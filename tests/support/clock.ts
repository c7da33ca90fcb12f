/** A clock a unit test moves by hand: `now()` for the code under test, `advance(ms)` for the test. */
export function clock(start = 1_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}
