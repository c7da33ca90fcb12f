/**
 * The team name's rules (/alliance/new), zod-free: the form's rule chain and
 * the backend contract's schema both read them.
 */
export const TEAM_NAME = {
  min: 3,
  max: 20,
  /** Thai and English letters (Thai with its marks), digits and spaces. */
  pattern: /^[\u0E00-\u0E7FA-Za-z0-9 ]+$/,
} as const

/** The name as it is kept: trimmed, inner runs of spaces made one. */
export function normalizeTeamName(name: string): string {
  return name.trim().replace(/\s+/g, ' ')
}

/** An invite code: 4-12 Latin letters and digits (case-insensitive). */
export const INVITE_CODE = /^[A-Za-z0-9]{4,12}$/
