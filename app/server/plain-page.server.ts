// A leaf importing nothing of the server's, so a route wanting httpError does not load the front
// door's environment, Redis or build files.
import { REQUEST_ID_HEADER } from '~/lib/request-id'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function plainPage(status: number, message: string, requestId: string): string {
  const m = escapeHtml(message)
  return `<!DOCTYPE html>
<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} ${m}</title></head>
<body><main><p>${status}</p><h1>${m}</h1><p><a href="/">กลับหน้าแรก</a></p><p>รหัสอ้างอิง <span data-testid="request-id">${requestId}</span></p></main></body></html>
`
}

export function plainPageHeaders(requestId: string, body?: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    [REQUEST_ID_HEADER]: requestId,
  }
}
