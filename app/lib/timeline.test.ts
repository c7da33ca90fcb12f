import { describe, expect, it } from 'vitest'
import { isFailure } from '~/lib/timeline'
import { timelineEntry } from '../../tests/support/timeline'

describe('a timeline entry', () => {
  it('a failure: an error status, or an error code shown', () => {
    const entry = timelineEntry('abcdefgh', 0)
    expect(isFailure(entry)).toBe(false)
    expect(isFailure({ ...entry, status: 404 })).toBe(true)
    expect(isFailure({ ...entry, errorCode: 'TIMEOUT' })).toBe(true)
  })
})
