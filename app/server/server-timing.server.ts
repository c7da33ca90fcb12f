/**
 * The `Server-Timing` header of documents and data answers (docs/decisions/0089):
 * `backend;dur=B, app;dur=A` — B the wall time this request spent waiting
 * for backend calls (calls running side by side count once), A the rest of
 * the server's time, from the request reaching the server (the front door)
 * to its headers. A browser's dev tools and the bench read it.
 *
 * Each request's clock starts when it reaches the front door and lives in
 * its load context (server/request-context.server.ts); the guard links each
 * loader's request signal to it, and the backend client counts a call made
 * with that signal. Calls made without a member's signal (the lists kept a
 * minute for everyone, a token refresh shared by a member's requests) count
 * as the app's time. entry.server.tsx adds `release;desc="…"`, the server's
 * release (server/release.server.ts, docs/decisions/0143).
 * Not an AsyncLocalStorage: on Node 20 its promise hooks cost 3-9 % of the
 * CPU of a page (docs/decisions/0089). The same clock starts the request's
 * one backend deadline (client.server.ts `timeLeft`, decision 0092).
 */
import type { AppLoadContext } from '@remix-run/node'

export const SERVER_TIMING_HEADER = 'Server-Timing'

/** The clock of one request (pure: the times are passed in). */
export class RequestTiming {
  readonly started: number
  private backendDone = 0
  private running = 0
  private runningSince = 0

  constructor(now: number) {
    this.started = now
  }

  /** A backend call starts at `now`; call the function it returns when it ends. */
  backendCall(now: number): (end: number) => void {
    if (this.running++ === 0) this.runningSince = now
    let ended = false
    return (end: number) => {
      if (ended) return
      ended = true
      if (--this.running === 0) this.backendDone += end - this.runningSince
    }
  }

  /** Wall time spent with at least one backend call running, up to `now`. */
  backendMs(now: number): number {
    return this.backendDone + (this.running > 0 ? now - this.runningSince : 0)
  }

  /** The header's value at `now`. */
  header(now: number): string {
    const backend = this.backendMs(now)
    const app = Math.max(0, now - this.started - backend)
    return `backend;dur=${backend.toFixed(1)}, app;dur=${app.toFixed(1)}`
  }
}

/**
 * Backend calls made with a loader's request signal count on its request's
 * clock. The guard (every loader and action) links the signal once.
 */
const bySignal = new WeakMap<AbortSignal, RequestTiming>()

export function followBackendTime(request: Request, context: AppLoadContext): void {
  if (context.timing) bySignal.set(request.signal, context.timing)
}

/**
 * When the request `signal` belongs to reached the front door (performance.now()),
 * if the guard linked it: the start of its one backend deadline (client.server.ts).
 */
export function requestStartedAt(signal: AbortSignal | undefined): number | undefined {
  return signal ? bySignal.get(signal)?.started : undefined
}

/** Waits for `call`, counting the wait as backend time of the request `signal` belongs to. */
export async function timedBackendCall<T>(
  signal: AbortSignal | undefined,
  call: () => Promise<T>,
): Promise<T> {
  const end = signal ? bySignal.get(signal)?.backendCall(performance.now()) : undefined
  try {
    return await call()
  } finally {
    end?.(performance.now())
  }
}

/** Sets Server-Timing from `timing`, if there is one. */
export function setServerTiming(headers: Headers, timing: RequestTiming | undefined): void {
  if (timing) headers.set(SERVER_TIMING_HEADER, timing.header(performance.now()))
}
