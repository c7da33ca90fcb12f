// Zod-free: the console's watch form and the backend contract both read these.

export const WATCH_REASON = { min: 5, max: 500 } as const

export const WATCH_TICKET = { max: 40, pattern: /^[A-Za-z0-9#_-]+$/ } as const
