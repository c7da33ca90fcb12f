/**
 * Revalidation held back until the page has shown an action's result.
 *
 * After a post, Remix reloads every loader at once: the header balance (root
 * loader) and the page's own data change the moment the answer arrives. For a
 * result the page reveals later (the prize wheel turns ~4.5 s to a prize the
 * backend has already decided and credited), that gives the prize away. Such
 * an action answers with `{ ...REVEAL_LATER }`; the routes' shouldRevalidate
 * ask `heldRevalidation()` first, so no loader runs until the page calls
 * `reveal(revalidate)` (when the wheel stops, or when the page goes away
 * before). From then until fresh root data has arrived (`revealed()`), every
 * GET navigation or revalidate() reloads, so a member who left mid-spin does
 * not keep the old balance. docs/decisions/0108-reveal-then-revalidate.md.
 *
 * Module state: one browser tab, one router; never used on the server.
 */
export const REVEAL_LATER = { revealLater: true } as const

type Phase = 'idle' | 'held' | 'owed'
let phase: Phase = 'idle'

/** Whether an action's answer asks for its revalidation to wait. */
export function revealsLater(actionResult: unknown): boolean {
  return (
    typeof actionResult === 'object' &&
    actionResult !== null &&
    (actionResult as { revealLater?: unknown }).revealLater === true
  )
}

/**
 * For a route's shouldRevalidate, before its own rules: `false` while a
 * result waits to be shown, `true` once it has been shown and fresh data is
 * owed, `null` to let the route decide.
 */
export function heldRevalidation({
  actionResult,
  formMethod,
}: {
  actionResult?: unknown
  formMethod?: string
}): boolean | null {
  if (revealsLater(actionResult)) {
    phase = 'held'
    return false
  }
  const mutation = formMethod !== undefined && formMethod.toUpperCase() !== 'GET'
  if (mutation) return null
  if (phase === 'held') return false
  if (phase === 'owed') return true
  return null
}

/** A result waits to be shown: nothing on the page may give it away (a live balance either). */
export function revealPending(): boolean {
  return phase === 'held'
}

/** The result is on screen: load the fresh data now (once per held answer). */
export function reveal(revalidate: () => void): void {
  if (phase !== 'held') return
  phase = 'owed'
  revalidate()
}

/** Fresh root data has arrived: nothing is owed any more. */
export function revealed(): void {
  if (phase === 'owed') phase = 'idle'
}

/** Tests only: back to the start. */
export function resetHeldRevalidation(): void {
  phase = 'idle'
}
