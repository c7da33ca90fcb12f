// Zod-free: the shot form and the backend contract both read it.

export const YEEKEE_NUMBER = /^\d{5}$/

export const SHOT_NUMBER_MESSAGE = 'กรุณากรอกเลข 5 หลัก (0–9)'
