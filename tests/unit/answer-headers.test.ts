/**
 * No answer of the app has a header block larger than APP_HEADER_MAX (8 KB;
 * nginx reads headers into a buffer of twice that, scripts/lib/nginx-conf.mjs),
 * whatever a visitor puts where the app remembers it: a long Thai query on a
 * member page, a login's redirectTo, LINE's return, logout's `from`. Past
 * nginx's buffer an answer was a 502 and took its instance out of rotation
 * (docs/decisions/0131). Built with the real serializers, in the worst state:
 * the largest session the app keeps, a full known-device cookie.
 */
import { describe, expect, it } from 'vitest'
import { redirectWithToast } from '~/server/toast.server'
import { sessionEndedRedirect } from '~/security/checks.server'
import { lineAuthorizeRedirect } from '~/session/line.server'
import { RETURN_PATH_MAX, safeReturnPath } from '~/lib/redirects'
import { APP_HEADER_MAX } from '../../scripts/lib/nginx-conf.mjs'
import { knownDevice, largestSession } from '../support/session-fixtures'

/** Room for what the server adds to any answer (Date, Server-Timing, security headers, ...). */
const OTHER_HEADERS = 2048

/** Bytes of `name: value\r\n` lines. */
const bytes = (lines: [string, string][]) =>
  lines.reduce((n, [name, value]) => n + Buffer.byteLength(`${name}: ${value}\r\n`), 0)
const headerLines = (response: Response): [string, string][] => [
  ...[...response.headers.entries()].filter(([name]) => name !== 'set-cookie'),
  ...response.headers.getSetCookie().map((line): [string, string] => ['set-cookie', line]),
]

/** What a visitor can send as a path to remember: long Thai queries and paths. */
const HOSTILE_PATHS = [
  `/transaction?q=${'%E0%B8%81'.repeat(300)}`,
  `/transaction?q=${'ก'.repeat(2000)}`,
  `/${'ก'.repeat(900)}`,
  `/lotto?${'a=%25%25%25&'.repeat(600)}`,
]

describe('an answer carrying a remembered path stays under APP_HEADER_MAX', () => {
  it.each(HOSTILE_PATHS)('a member page sends the visitor to /login: %#', async (path) => {
    const answer = sessionEndedRedirect(new URL(`http://app.test${path}`))
    const total = bytes(headerLines(answer))
    expect(total + OTHER_HEADERS).toBeLessThan(APP_HEADER_MAX)
  })

  it.each(HOSTILE_PATHS)(
    'a login with that redirectTo: Location, the largest session, a known device, a Thai toast: %#',
    (path) => {
      const answer = redirectWithToast(safeReturnPath(path), {
        type: 'success',
        message: `ยินดีต้อนรับ ${'ก'.repeat(100)}`,
      })
      const lines: [string, string][] = [
        ...headerLines(answer),
        ...largestSession().map((line): [string, string] => ['set-cookie', line]),
        ['set-cookie', knownDevice()],
      ]
      expect(bytes(lines) + OTHER_HEADERS).toBeLessThan(APP_HEADER_MAX)
    },
  )

  it.each(HOSTILE_PATHS)('LINE login with that return path: %#', (path) => {
    const { location, setCookie } = lineAuthorizeRedirect(
      new Request('http://app.test/login'),
      path,
    )
    expect(
      bytes([
        ['location', location],
        ['set-cookie', setCookie],
      ]) + OTHER_HEADERS,
    ).toBeLessThan(APP_HEADER_MAX)
  })

  it.each(HOSTILE_PATHS)('logout from that page: %#', (path) => {
    expect(safeReturnPath(path).length).toBeLessThanOrEqual(RETURN_PATH_MAX)
  })
})
