/**
 * Short request ids a member can quote to support. The server uses the id the
 * browser sent in X-Request-Id for data requests (so the page, the response
 * header and the log line agree), or makes a new one for documents.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id'
const VALID_ID = /^[a-z0-9]{6,16}$/
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

export function newRequestId(length = 8): string {
  const bytes = new Uint8Array(length)
  crypto.getRandomValues(bytes)
  let id = ''
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length]
  return id
}

export function isValidRequestId(value: string | null | undefined): value is string {
  return typeof value === 'string' && VALID_ID.test(value)
}
