import { describe, expect, it } from 'vitest'
import {
  BAD_REQUEST_MESSAGE,
  BODY_TOO_LARGE_MESSAGE,
  HEADERS_TOO_LARGE_MESSAGE,
  REQUEST_TIMEOUT_MESSAGE,
} from '~/lib/errors'
import { clientErrorAnswer } from '~/server/client-error.server'

describe("the answer to a request Node's parser refuses", () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE_MESSAGE],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'Payload Too Large', BODY_TOO_LARGE_MESSAGE],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'Request Timeout', REQUEST_TIMEOUT_MESSAGE],
    ['HPE_INVALID_METHOD', 400, 'Bad Request', BAD_REQUEST_MESSAGE],
    [undefined, 400, 'Bad Request', BAD_REQUEST_MESSAGE],
  ])('%s: %i with its Thai page and Connection: close', (code, status, reason, message) => {
    const answer = clientErrorAnswer(code, 'abc123xy')
    const [head = '', body = ''] = answer.split('\r\n\r\n')
    const lines = head.split('\r\n')
    expect(lines[0]).toBe(`HTTP/1.1 ${status} ${reason}`)
    expect(lines).toContain('Connection: close')
    expect(lines).toContain('Content-Type: text/html; charset=utf-8')
    expect(lines).toContain('X-Request-Id: abc123xy')
    expect(lines).toContain(`Content-Length: ${Buffer.byteLength(body)}`)
    expect(body).toContain(`<h1>${message}</h1>`)
  })
})
