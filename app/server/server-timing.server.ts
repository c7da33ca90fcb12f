// Server-Timing `backend;dur=B, app;dur=A` (docs/decisions/0089). Not AsyncLocalStorage: on
// Node 20 its promise hooks cost 3-9 % of a page's CPU. Calls without a member's signal (shared
// lists, a shared token refresh) count as the app's time. entry.server adds the release (0143).
import type { AppLoadContext } from '@remix-run/node'

export const SERVER_TIMING_HEADER = 'Server-Timing'

export class RequestTiming {
  readonly started: number
  private backendDone = 0
  private running = 0
  private runningSince = 0

  constructor(now: number) {
    this.started = now
  }

  backendCall(now: number): (end: number) => void {
    if (this.running++ === 0) this.runningSince = now
    let ended = false
    return (end: number) => {
      if (ended) return
      ended = true
      if (--this.running === 0) this.backendDone += end - this.runningSince
    }
  }

  backendMs(now: number): number {
    return this.backendDone + (this.running > 0 ? now - this.runningSince : 0)
  }

  header(now: number): string {
    const backend = this.backendMs(now)
    const app = Math.max(0, now - this.started - backend)
    return `backend;dur=${backend.toFixed(1)}, app;dur=${app.toFixed(1)}`
  }
}

const bySignal = new WeakMap<AbortSignal, RequestTiming>()

export function followBackendTime(request: Request, context: AppLoadContext): void {
  if (context.timing) bySignal.set(request.signal, context.timing)
}

/** The start of the request's one backend deadline (client.server.ts, decision 0092). */
export function requestStartedAt(signal: AbortSignal | undefined): number | undefined {
  return signal ? bySignal.get(signal)?.started : undefined
}

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

export function setServerTiming(headers: Headers, timing: RequestTiming | undefined): void {
  if (timing) headers.set(SERVER_TIMING_HEADER, timing.header(performance.now()))
}
