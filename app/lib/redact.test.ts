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
    // A listed name keeps its value only in that parameter's shape (issue 25).
    [
      '/transaction?tab=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      '/transaction?tab=[redacted]',
    ],
    ['/transaction?tab=eyJhbGciOiJIUzI1NiJ9', '/transaction?tab=[redacted]'],
    ['/transaction?tab=deposit&page=2x', '/transaction?tab=deposit&page=[redacted]'],
    ['/lotto/result?date=2026-01-01T00:00&lotto=thai', '/lotto/result?date=[redacted]&lotto=thai'],
    ['/casino?provider=' + 'a1'.repeat(20), '/casino?provider=[redacted]'],
    ['/promotion?id=ab12cd34ef56ab12cd34ef56ab12cd34', '/promotion?id=[redacted]'],
    ['/x?tab=%E0%B8%81', '/x?tab=[redacted]'],
    ['/x?tab=a%2Fb', '/x?tab=[redacted]'],
    ['/x?tab', '/x?tab'],
    [
      '/x.data?_routes=routes%2F_default.order.(%24id)%2Croot',
      '/x.data?_routes=routes%2F_default.order.(%24id)%2Croot',
    ],
    // Token-shaped text is replaced in the path too, with or without a query.
    ['/order/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl/qr.png', '/order/[redacted]/qr.png'],
    ['/news/eyJhbGciOiJIUzI1NiJ9?page=1', '/news/[redacted]?page=1'],
    ['/news/%65yJhbGciOiJIUzI1NiJ9', '/news/[redacted]'],
    ['/k/0123456789abcdef0123456789abcdef', '/k/[redacted]'],
    ['/order/payment/12345/qr.png', '/order/payment/12345/qr.png'],
    [
      '/build/routes/_default.lotto.stake-ABCD1234.js',
      '/build/routes/_default.lotto.stake-ABCD1234.js',
    ],
    ['/lotto/yeekee/123?tab=ranking', '/lotto/yeekee/123?tab=ranking'],
  ])('%j -> %j', (input, expected) => {
    expect(redactUrl(input)).toBe(expected)
  })

  it("marks what it replaces with the caller's mark (the request timeline's `…`), the same values", () => {
    expect(
      redactUrl('/order/eyJhbGciOiJIUzI1NiJ9?token=abc&page=2&tab=eyJhbGciOiJIUzI1NiJ9&x', '…'),
    ).toBe('/order/…?token=…&page=2&tab=…&…')
  })

  it('keeps no secret-looking name on the allow-list', () => {
    for (const name of LOGGED_QUERY_PARAMS) {
      expect(name).not.toMatch(/token|code|state|secret|key|pass|session|ref/i)
    }
  })
})
