// The loaders mask, so the full numbers never reach the browser.

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10) return `${digits.slice(0, 3)}-xxx-${digits.slice(6)}`
  return digits.length > 4 ? `${'x'.repeat(digits.length - 4)}${digits.slice(-4)}` : 'xxxx'
}

/** Grouped as Thai banks print it (3-1-5-1): `1234567890` -> `xxx-x-xx789-0`; other lengths in fours. */
export function maskAccount(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '')
  const shown = Math.max(0, digits.length - 4)
  const masked = [...digits].map((d, i) => (i < shown ? 'x' : d)).join('')
  if (masked.length === 10) {
    return `${masked.slice(0, 3)}-${masked.slice(3, 4)}-${masked.slice(4, 9)}-${masked.slice(9)}`
  }
  return masked.replace(/(.{4})(?=.)/g, '$1-')
}

export function maskName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/)
  if (rest.length === 0) return `${Array.from(first).slice(0, 2).join('')}***`
  return `${first} ${Array.from(rest.join(' ')).slice(0, 1).join('')}***`
}
