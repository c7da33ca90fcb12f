// Ids a member can quote to support; the server reuses the browser's for data requests.
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
