/**
 * Masks for what a page shows of a member's private numbers and of other
 * members' names. The loaders mask, so the full numbers never reach the
 * browser.
 */

/** `0812345678` -> `081-xxx-5678`; anything else keeps its last 4 digits at most. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10) return `${digits.slice(0, 3)}-xxx-${digits.slice(6)}`
  return digits.length > 4 ? `${'x'.repeat(digits.length - 4)}${digits.slice(-4)}` : 'xxxx'
}

/**
 * A bank account number with only its last four digits shown, grouped as
 * Thai banks print it: `1234567890` -> `xxx-x-xx789-0` (3-1-5-1); other
 * lengths in fours (`123456789012` -> `xxxx-xxxx-9012`). The one mask of an
 * account number: /profile and the withdraw tab both show this text.
 */
export function maskAccount(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '')
  const shown = Math.max(0, digits.length - 4)
  const masked = [...digits].map((d, i) => (i < shown ? 'x' : d)).join('')
  if (masked.length === 10) {
    return `${masked.slice(0, 3)}-${masked.slice(3, 4)}-${masked.slice(4, 9)}-${masked.slice(9)}`
  }
  return masked.replace(/(.{4})(?=.)/g, '$1-')
}

/**
 * Another member's name as a list shows it: the first name, and only the
 * first letter of the rest (`สมชาย ใจดี` -> `สมชาย ใ***`); a one-word name
 * keeps its first two letters (`mike` -> `mi***`).
 */
export function maskName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/)
  if (rest.length === 0) return `${Array.from(first).slice(0, 2).join('')}***`
  return `${first} ${Array.from(rest.join(' ')).slice(0, 1).join('')}***`
}
