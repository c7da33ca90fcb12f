/**
 * What a watch asks for, zod-free (as ./yeekee-number.ts): why staff looks
 * and the support ticket it is for. The console's watch form
 * (~/forms/staff-forms) and the backend contract's schemas
 * (~/backend/staff.schemas) both read these, so the two never disagree.
 */

/** Why staff looks: 5 to 500 characters. */
export const WATCH_REASON = { min: 5, max: 500 } as const

/** The support ticket: 1 to 40 of A-Z, a-z, 0-9, `-`, `_`, `#`. */
export const WATCH_TICKET = { max: 40, pattern: /^[A-Za-z0-9#_-]+$/ } as const
