// Revalidation held back until the page has shown an action's result: a prize wheel's result
// must not be given away by the balance reloading first. Browser only (module state).
// docs/decisions/0108-reveal-then-revalidate.md.
export const REVEAL_LATER = { revealLater: true } as const

type Phase = 'idle' | 'held' | 'owed'
let phase: Phase = 'idle'

export function revealsLater(actionResult: unknown): boolean {
  return (
    typeof actionResult === 'object' &&
    actionResult !== null &&
    (actionResult as { revealLater?: unknown }).revealLater === true
  )
}

/** `false` while a result waits to be shown, `true` once fresh data is owed, `null` to let the route decide. */
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

export function revealPending(): boolean {
  return phase === 'held'
}

export function reveal(revalidate: () => void): void {
  if (phase !== 'held') return
  phase = 'owed'
  revalidate()
}

export function revealed(): void {
  if (phase === 'owed') phase = 'idle'
}

/** Tests only: back to the start. */
export function resetHeldRevalidation(): void {
  phase = 'idle'
}
