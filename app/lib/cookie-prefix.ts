/**
 * The prefix of every cookie name when cookies are Secure (decision 0094).
 * Apart from ~/server/cookies.server so that the browser's reader of the toast
 * signal (~/lib/toast-pending) uses the same one.
 */
export const HOST_PREFIX = '__Host-'
