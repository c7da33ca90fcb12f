/**
 * The refresh storm's shape and how each answer is judged, shared by
 * `npm run bench` (scripts/bench/storm.mjs) and the e2e spec
 * (tests/e2e/refresh-storm.spec.ts), so both count the same thing.
 */

export const STORM_SIZE = 50
export const STORM_USERNAME = 'demo'

/**
 * Documents and their single-fetch data requests (Remix v2 single fetch:
 * `/casino` -> `/casino.data`; the index route `/` -> `/_root.data`).
 */
export const STORM_PATHS = [
  '/casino',
  '/casino.data',
  '/profile',
  '/profile.data',
  '/',
  '/_root.data',
  '/lotto',
  '/lotto.data',
  '/slot',
  '/slot.data',
]

/**
 * The storm's 50 paths, the list above over and over.
 * @returns {string[]}
 */
export function stormPaths() {
  return Array.from({ length: STORM_SIZE }, (_, i) => STORM_PATHS[i % STORM_PATHS.length])
}

const CLEARED = /^auth\.session(?:\.\d+)?=;.*Max-Age=0/i

/**
 * How one answer counts.
 * @param {{ status: number, body: string, setCookies: string[], location: string }} answer
 * @param {string} [username]
 */
export function judgeAnswer({ status, body, setCookies, location }, username = STORM_USERNAME) {
  // A document redirects with a 3xx; a data request answers with a SingleFetchRedirect.
  const toLogin = location.startsWith('/login') || body.includes('SingleFetchRedirect')
  const cleared = setCookies.some((c) => CLEARED.test(c))
  // The member's username is in the root loader's data (escaped inside the document's script).
  const memberShown = body.includes(`"${username}"`) || body.includes(`\\"${username}\\"`)
  const success = status === 200 && !toLogin && !cleared && memberShown
  return { success, logout: toLogin || cleared, toLogin, cleared, memberShown }
}
