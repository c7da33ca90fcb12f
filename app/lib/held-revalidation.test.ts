import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  REVEAL_LATER,
  heldRevalidation,
  resetHeldRevalidation,
  reveal,
  revealed,
} from './held-revalidation'

afterEach(resetHeldRevalidation)

const spin = { actionResult: { game: 'wheel', ...REVEAL_LATER }, formMethod: 'POST' }

describe('held revalidation', () => {
  it('lets routes decide when nothing is held', () => {
    expect(heldRevalidation({ actionResult: { game: 'angpao' }, formMethod: 'POST' })).toBeNull()
    expect(heldRevalidation({})).toBeNull()
  })

  it('holds the revalidation after a reveal-later answer, and focus revalidations while held', () => {
    expect(heldRevalidation(spin)).toBe(false)
    expect(heldRevalidation({})).toBe(false)
    expect(heldRevalidation({ formMethod: 'get' })).toBe(false)
    // Another post (a logout in the menu) is not held.
    expect(heldRevalidation({ formMethod: 'POST' })).toBeNull()
  })

  it('reveal reloads once, and reloads are owed until fresh root data arrives', () => {
    const revalidate = vi.fn()
    reveal(revalidate)
    expect(revalidate).not.toHaveBeenCalled()
    heldRevalidation(spin)
    reveal(revalidate)
    reveal(revalidate)
    expect(revalidate).toHaveBeenCalledTimes(1)
    expect(heldRevalidation({})).toBe(true)
    revealed()
    expect(heldRevalidation({})).toBeNull()
  })
})
