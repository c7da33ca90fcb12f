/**
 * A yeekee shot's number, zod-free (as ./team-name.ts): five digits, 0–9
 * (the rule of the round is ~/lotto/yeekee). The shot form's rule and the
 * backend contract's schema both read it, and the backend module says the
 * form's message when the backend refuses a malformed shot.
 */

export const YEEKEE_NUMBER = /^\d{5}$/

export const SHOT_NUMBER_MESSAGE = 'กรุณากรอกเลข 5 หลัก (0–9)'
