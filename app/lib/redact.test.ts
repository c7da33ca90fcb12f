import { describe, expect, it } from 'vitest'
import { redactUrl } from '~/lib/redact'

describe('redactUrl', () => {
  it.each([
    ['/watcher?token=eyJhbGciOi.abc.def', '/watcher?token=[redacted]'],
    [
      '/line/callback?code=abc123&state=s3cr3t&x=1',
      '/line/callback?code=[redacted]&state=[redacted]&x=1',
    ],
    ['/a?TOKEN=x&Token=y&%74oken=z', '/a?TOKEN=[redacted]&Token=[redacted]&%74oken=[redacted]'],
    ['/lotto?date=2026-01-01', '/lotto?date=2026-01-01'],
    ['/plain', '/plain'],
    ['/a?token', '/a?token'],
    ['/a?token=x#frag', '/a?token=[redacted]#frag'],
  ])('%j -> %j', (input, expected) => {
    expect(redactUrl(input)).toBe(expected)
  })
})
