import { describe, expect, it } from 'vitest'
import { yeekeeWorking } from './yeekee'

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
