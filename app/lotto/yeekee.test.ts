import { describe, expect, it } from 'vitest'
import { shotAfterGap, withShots, yeekeeWorking } from './yeekee'

const shots = (n: number, f: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => String(f(i)).padStart(5, '0'))

describe('yeekeeWorking', () => {
  it('adds every shot, takes away the 16th, and reads 3 ตัวบน and 2 ตัวล่าง from the difference', () => {
    // 20 shots of 10000..10019: sum 200190; the 16th is 10015; 200190 - 10015 = 190175.
    const working = yeekeeWorking(shots(20, (i) => 10000 + i))
    expect(working).toEqual({
      shots: 20,
      sum: 200190,
      sixteenth: '10015',
      difference: 190175,
      threeTop: '175',
      twoBottom: '90',
    })
  })

  it('reads a short difference with zeros in front', () => {
    // 16 shots: fifteen of 00001 and a 16th of 00007: 22 - 7 = 15 -> 00015.
    const working = yeekeeWorking([...shots(15, () => 1), '00007'])
    expect(working).toMatchObject({ difference: 15, threeTop: '015', twoBottom: '00' })
  })

  it('has no result before the 16th shot', () => {
    expect(yeekeeWorking(shots(15, (i) => i))).toBeNull()
  })
})

describe('withShots', () => {
  const shot = (seq: number) => ({ seq, number: String(10000 + seq) })

  it('joins the loaded and the live shots by their number, newest first, each once', () => {
    expect(
      withShots([shot(3), shot(2), shot(1)], [shot(5), shot(4), shot(3)]).map((s) => s.seq),
    ).toEqual([5, 4, 3, 2, 1])
  })

  it('keeps the newest 100', () => {
    const many = Array.from({ length: 120 }, (_, i) => shot(120 - i))
    const joined = withShots(many, [shot(121)])
    expect(joined).toHaveLength(100)
    expect(joined[0]?.seq).toBe(121)
  })
})

describe('shotAfterGap', () => {
  it('is a gap only when a shot skips a number after the newest known', () => {
    expect(shotAfterGap([], 1)).toBe(false)
    expect(shotAfterGap([], 3)).toBe(true)
    expect(shotAfterGap([{ seq: 6 }], 7)).toBe(false)
    expect(shotAfterGap([{ seq: 7 }], 7)).toBe(false)
    expect(shotAfterGap([{ seq: 5 }], 7)).toBe(true)
  })
})
