/**
 * Memos for all the loaders of one HTTP request. Remix hands each loader its
 * own copy of the Request, so a WeakMap keyed by the Request object sees one
 * request per loader. The front door stamps every incoming request with a
 * fresh random key in a header (a value a client sent is overwritten), keeps
 * a memo for it while the response is open, and drops it when it closes.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export const REQUEST_KEY_HEADER = 'x-member-app-request-key'

const memos = new Map<string, Map<string, unknown>>()

/** Gives the request its key and memo, for as long as its response is open; returns the memo. */
export function stampRequest(req: IncomingMessage, res: ServerResponse): Map<string, unknown> {
  const key = randomBytes(16).toString('base64url')
  req.headers[REQUEST_KEY_HEADER] = key
  const memo = new Map<string, unknown>()
  memos.set(key, memo)
  res.once('close', () => memos.delete(key))
  return memo
}

/** `create()` once per HTTP request (all its loaders); undefined for a request the door did not stamp. */
export function perRequest<T>(request: Request, name: string, create: () => T): T | undefined {
  const key = request.headers.get(REQUEST_KEY_HEADER)
  const memo = key ? memos.get(key) : undefined
  if (!memo) return undefined
  if (!memo.has(name)) memo.set(name, create())
  return memo.get(name) as T
}

/** How many requests hold a memo now (for tests). */
export function openRequestMemos(): number {
  return memos.size
}
