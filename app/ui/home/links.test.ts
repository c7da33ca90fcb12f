import { describe, expect, it } from 'vitest'
import { stakeHref } from '~/ui/home/closing-draws'
import { DEPOSIT_HREF, WITHDRAW_HREF } from '~/ui/home/member-summary'
import { launchHref } from '~/games/launch'

describe('home links', () => {
  it('launches a game by its id, encoded', () => {
    expect(launchHref('pg-mahjong-ways')).toBe('/games/launch?game=pg-mahjong-ways')
    expect(launchHref('a&b=c')).toBe('/games/launch?game=a%26b%3Dc')
  })
  it('opens the bet slip of a lotto type', () => {
    expect(stakeHref('thai-gov')).toBe('/lotto/stake?lotto=thai-gov')
  })
  it('opens the transaction page on the right tab', () => {
    expect(DEPOSIT_HREF).toBe('/transaction?tab=deposit')
    expect(WITHDRAW_HREF).toBe('/transaction?tab=withdraw')
  })
})
