import { describe, expect, it } from 'vitest'
import { isOtherRelease, releaseFromTimings, releaseOf, releaseTiming } from '~/lib/release'

describe('release', () => {
  it('is the build and the commit, named in Server-Timing', () => {
    expect(releaseOf('9FE0CCEE', 'abc123')).toBe('9FE0CCEE.abc123')
    expect(releaseTiming('9FE0CCEE.abc123')).toBe('release;desc="9FE0CCEE.abc123"')
    // A quote in a commit name cannot break the header.
    expect(releaseTiming('a"b\\c')).toBe('release;desc="abc"')
  })

  it('reads the release from a timing entry', () => {
    const timings = [
      { name: 'backend', description: '' },
      { name: 'release', description: '9FE0CCEE.abc123' },
    ]
    expect(releaseFromTimings(timings)).toBe('9FE0CCEE.abc123')
    expect(releaseFromTimings([{ name: 'app', description: '' }])).toBeNull()
    expect(releaseFromTimings(undefined)).toBeNull()
  })

  it('another release only when both are known and differ', () => {
    expect(isOtherRelease('a.1', 'a.2')).toBe(true)
    expect(isOtherRelease('a.1', 'a.1')).toBe(false)
    // An answer without the entry (a static file, another origin) says nothing.
    expect(isOtherRelease('a.1', null)).toBe(false)
    expect(isOtherRelease(null, 'a.2')).toBe(false)
  })
})
