/**
 * What Node's own HTTP server answers before any of the app's code runs,
 * in Thai (server.mjs installs these on the server; decision 0135):
 *
 * - `clientError`: a request Node's parser refuses (an unknown method, bad
 *   framing such as Content-Length with chunked, bytes not allowed in a
 *   header, headers over Node's 16 KB) got an empty 400 or 431. Here: the
 *   same status with a small Thai page and `Connection: close` (the
 *   connection cannot carry another request after a request it could not read);
 * - `checkExpectation`: an `Expect` other than `100-continue` got an empty
 *   417. Here: a Thai 417;
 * - `checkContinue`: `Expect: 100-continue` is answered `100 Continue` only
 *   when the front door would let the request in; a body the door refuses
 *   (over MAX_BODY_BYTES, cross-site) gets its Thai answer without being sent.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { THAI_STATUS_MESSAGE, type ThaiStatus } from '~/lib/error-text'
import { newRequestId } from '~/lib/request-id'
import { env } from '~/server/env.server'
import { doorAnswer } from '~/server/front-door.server'
import { plainPage, plainPageHeaders } from '~/server/plain-page.server'

/** The status Node's own default gives a parser error code (any other code: 400). */
const PARSER_ERROR_STATUS = new Map<string, ThaiStatus>([
  ['HPE_HEADER_OVERFLOW', 431],
  ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413],
  ['ERR_HTTP_REQUEST_TIMEOUT', 408],
])

/** The status and Thai message for a parser error, as Node's own default chooses the status. */
export function clientErrorStatus(code: string | undefined): { status: number; message: string } {
  const status = PARSER_ERROR_STATUS.get(code ?? '') ?? 400
  return { status, message: THAI_STATUS_MESSAGE[status] }
}

/** The whole raw answer (status line, headers, Thai page) for a request Node could not read. */
export function clientErrorAnswer(code: string | undefined, requestId = newRequestId()): string {
  const { status, message } = clientErrorStatus(code)
  const body = plainPage(status, message, requestId)
  const headers = { ...plainPageHeaders(requestId, body), Connection: 'close' }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`
}

interface ParserError extends Error {
  code?: string
}

/** server.on('clientError'): Node's choice of status, with a Thai page and Connection: close. */
export function onClientError(error: ParserError, socket: Duplex): void {
  // A reset connection, or one whose answer has begun: nothing can be written any more.
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy()
    return
  }
  const requestId = newRequestId()
  socket.end(clientErrorAnswer(error.code, requestId))
  console.log(`[${requestId}] ${clientErrorStatus(error.code).status} (${error.code ?? 'parser'})`)
}

/** server.on('checkExpectation'): an Expect the server does not meet is a Thai 417. */
export function onCheckExpectation(req: IncomingMessage, res: ServerResponse): void {
  const requestId = newRequestId()
  const body = req.method === 'HEAD' ? '' : plainPage(417, THAI_STATUS_MESSAGE[417], requestId)
  res.writeHead(417, {
    ...plainPageHeaders(requestId, body),
    // Its body (if any) is not read: the connection cannot carry another request.
    Connection: 'close',
  })
  res.end(body)
  console.log(`[${requestId}] ${req.method} 417 (Expect)`)
}

/** Whether a request with `Expect: 100-continue` may send its body: the front door lets it in. */
export function mayContinue(req: IncomingMessage): boolean {
  return (
    doorAnswer(
      {
        method: req.method,
        url: req.url,
        headers: req.headers,
        encrypted: 'encrypted' in req.socket && Boolean(req.socket.encrypted),
      },
      env().APP_ORIGINS,
    ) === null
  )
}
