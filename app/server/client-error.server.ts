// What Node's own HTTP server answers before any app code runs, in Thai (decision 0135).
// A request the parser refused gets `Connection: close`: the connection cannot carry another.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { THAI_STATUS_MESSAGE, type ThaiStatus } from '~/lib/error-text'
import { newRequestId } from '~/lib/request-id'
import { env } from '~/server/env.server'
import { doorAnswer } from '~/server/front-door.server'
import { plainPage, plainPageHeaders } from '~/server/plain-page.server'

const PARSER_ERROR_STATUS = new Map<string, ThaiStatus>([
  ['HPE_HEADER_OVERFLOW', 431],
  ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413],
  ['ERR_HTTP_REQUEST_TIMEOUT', 408],
])

export function clientErrorStatus(code: string | undefined): { status: number; message: string } {
  const status = PARSER_ERROR_STATUS.get(code ?? '') ?? 400
  return { status, message: THAI_STATUS_MESSAGE[status] }
}

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
