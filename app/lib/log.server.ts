/** One line per request and per error, each with the request id support asks for. */
export function logRequest(request: Request, status: number, requestId: string, started?: number) {
  const url = new URL(request.url)
  const ms = started === undefined ? '' : ` ${Math.round(performance.now() - started)}ms`
  console.log(`[${requestId}] ${request.method} ${url.pathname}${url.search} ${status}${ms}`)
}

export function logError(error: unknown, requestId: string) {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
  console.error(`[${requestId}] error: ${detail}`)
}
