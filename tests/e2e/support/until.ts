/** Waiting for a condition outside the browser (a server that answers, a process that is back). */

export interface UntilOptions {
  /** Give up after this long (ms). */
  timeout: number
  /** What the error says when it gives up. */
  what: () => string
  /** Stop at once when this throws (a process that exited). */
  abort?: () => void
}

/** How often a condition outside the browser is looked at again. */
const LOOK_AGAIN_MS = 100

/** Resolves as soon as `condition` holds; looks again every 100 ms until the timeout. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { timeout, what, abort }: UntilOptions,
): Promise<void> {
  const deadline = Date.now() + timeout
  for (;;) {
    if (await condition()) return
    abort?.()
    if (Date.now() > deadline) throw new Error(`gave up after ${timeout} ms: ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS))
  }
}

/** Whether `url` answers 200. */
export function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.status === 200,
    () => false,
  )
}
