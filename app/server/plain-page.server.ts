/**
 * The plain Thai page of an answer the app gives without its layout: the
 * front door's refusals, what Node's own parser refuses (client-error.server.ts)
 * and the error of a resource route a browser opens (asErrorPage). A leaf:
 * it imports nothing of the server's, so a route that only wants httpError
 * does not load the front door's environment, Redis or build files.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A plain Thai page: status, message, a link home and the request id. */
export function plainPage(status: number, message: string, requestId: string): string {
  const m = escapeHtml(message)
  return `<!DOCTYPE html>
<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} ${m}</title></head>
<body><main><p>${status}</p><h1>${m}</h1><p><a href="/">กลับหน้าแรก</a></p><p>รหัสอ้างอิง <span data-testid="request-id">${requestId}</span></p></main></body></html>
`
}
