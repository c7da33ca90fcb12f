// Zod-free: the form and the backend contract's schema both read them.
export const TEAM_NAME = {
  min: 3,
  max: 20,
  pattern: /^[\u0E00-\u0E7FA-Za-z0-9 ]+$/,
} as const

export function normalizeTeamName(name: string): string {
  return name.trim().replace(/\s+/g, ' ')
}

/** An invite code: 4-12 Latin letters and digits (case-insensitive). */
export const INVITE_CODE = /^[A-Za-z0-9]{4,12}$/
