/** Decision 0094; apart from ~/server/cookies.server so the browser's toast signal reader uses it too. */
export const HOST_PREFIX = '__Host-'
