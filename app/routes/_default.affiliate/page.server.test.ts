import { describe, expect, it } from 'vitest'
import { lineShareUrl, referralLink, SHARE_TEXT } from './page.server'

describe('affiliate page helpers', () => {
  it('builds the referral link on the site origin', () => {
    expect(referralLink('https://example.test', 'DEMO88')).toBe(
      'https://example.test/register?ref=DEMO88',
    )
    expect(referralLink('https://example.test', 'A B')).toBe(
      'https://example.test/register?ref=A%20B',
    )
  })

  it("shares the text and link on LINE's share page", () => {
    const url = new URL(lineShareUrl('https://example.test/register?ref=DEMO88'))
    expect(`${url.origin}${url.pathname}`).toBe('https://line.me/R/share')
    expect(url.searchParams.get('text')).toBe(
      `${SHARE_TEXT} https://example.test/register?ref=DEMO88`,
    )
  })
})
