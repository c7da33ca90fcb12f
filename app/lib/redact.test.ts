import { describe, expect, it } from 'vitest'
import { LOGGED_QUERY_PARAMS, redactUrl } from '~/lib/redact'

describe('redactUrl', () => {
  it.each([
    ['/watcher?token=eyJhbGciOi.abc.def', '/watcher?token=[redacted]'],
    [
      '/line/callback?code=abc123&state=s3cr3t&x=1',
      '/line/callback?code=[redacted]&state=[redacted]&x=[redacted]',
    ],
    ['/a?TOKEN=x&Token=y&%74oken=z', '/a?TOKEN=[redacted]&Token=[redacted]&%74oken=[redacted]'],
    // Names nobody listed as secret: only the allow-list keeps its values.
    ['/profile?refreshToken=eyJhbGciOi.abc.def', '/profile?refreshToken=[redacted]'],
    [
      '/profile?apiKey=k&session=s&password=p',
      '/profile?apiKey=[redacted]&session=[redacted]&password=[redacted]',
    ],
    ['/casino?q=สล็อต&page=2', '/casino?q=[redacted]&page=2'],
    ['/x?eyJhbGciOi.abc.def', '/x?[redacted]'],
    ['/lotto/result?lotto=thai&date=2026-01-01', '/lotto/result?lotto=thai&date=2026-01-01'],
    [
      '/transaction?tab=history&kind=deposit&status=paid&from=2026-01-01&to=2026-01-31&page=3',
      '/transaction?tab=history&kind=deposit&status=paid&from=2026-01-01&to=2026-01-31&page=3',
    ],
    ['/games/lobby?provider=pgsoft&category=slot', '/games/lobby?provider=pgsoft&category=slot'],
    ['/promotion.data?id=p1&_routes=routes%2Fx', '/promotion.data?id=p1&_routes=routes%2Fx'],
    ['/login?index', '/login?index'],
    ['/plain', '/plain'],
    ['/a?', '/a?'],
    ['/a?token=x#frag', '/a?token=[redacted]#frag'],
  ])('%j -> %j', (input, expected) => {
    expect(redactUrl(input)).toBe(expected)
  })

  it('keeps no secret-looking name on the allow-list', () => {
    for (const name of LOGGED_QUERY_PARAMS) {
      expect(name).not.toMatch(/token|code|state|secret|key|pass|session|ref/i)
    }
  })
})
