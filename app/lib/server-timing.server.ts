/**
 * The `Server-Timing` header of documents and data answers (docs/decisions/0089):
 * `backend;dur=B, app;dur=A` — B the wall time this request spent waiting
 * for backend calls (calls running side by side count once), A the rest of
 * the server's time, from the request reaching the server (the front door)
 * to its headers. A browser's dev tools and the bench read it.
 *
 * The front door starts each request's clock in an AsyncLocalStorage, so the
 * backend client finds the request it works for without every caller
 * passing it down. A call shared by several requests (a cached list) counts
 * for the request that started it.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

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

const clocks = new AsyncLocalStorage<RequestTiming>()

/** Runs `handle` (one request's whole handling) with a clock started now. */
export function timeRequest<T>(handle: () => T): T {
  return clocks.run(new RequestTiming(performance.now()), handle)
}

/** The clock of the request being handled, if the front door started one. */
export function currentTiming(): RequestTiming | undefined {
  return clocks.getStore()
}

/** Waits for `call`, counting the wait as backend time of the current request. */
export async function timedBackendCall<T>(call: () => Promise<T>): Promise<T> {
  const end = currentTiming()?.backendCall(performance.now())
  try {
    return await call()
  } finally {
    end?.(performance.now())
  }
}

/** Sets Server-Timing from `timing` (the clock read when the answer began), if there is one. */
export function setServerTiming(headers: Headers, timing: RequestTiming | undefined): void {
  if (timing) headers.set(SERVER_TIMING_HEADER, timing.header(performance.now()))
}
