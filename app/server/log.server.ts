/**
 * One line per request and per error, each with the request id support asks
 * for. Query values are logged only for an allow-list (lib/redact.ts).
 */
import { redactUrl } from '~/lib/redact'

export function logRequest(request: Request, status: number, requestId: string, started?: number) {
  const url = new URL(request.url)
  const ms = started === undefined ? '' : ` ${Math.round(performance.now() - started)}ms`
  const path = redactUrl(`${url.pathname}${url.search}`)
  console.log(`[${requestId}] ${request.method} ${path} ${status}${ms}`)
}

/** An expected refusal worth one line for operators: no stack. */
export function logWarning(message: string, requestId: string) {
  console.warn(`[${requestId}] warning: ${message}`)
}

export function logError(error: unknown, requestId: string) {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
  console.error(`[${requestId}] error: ${detail}`)
}
