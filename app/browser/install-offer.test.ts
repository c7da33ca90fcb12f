import { describe, expect, it } from 'vitest'
import {
  DISMISS_DAYS,
  isIos,
  offerToShow,
  parseOfferState,
  type OfferInput,
} from '~/browser/install-offer'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.UTC(2026, 10, 28, 12)

/** A member on a later visit, after a stake, on Chromium with a held prompt. */
const ready: OfferInput = {
  state: { firstVisit: 'visit-1', moneyStepAt: NOW - DAY },
  visit: 'visit-2',
  now: NOW,
  path: '/',
  standalone: false,
  watched: false,
  ios: false,
  canPrompt: true,
}

describe('offerToShow', () => {
  it('offers the prompt after a money step on a later visit', () => {
    expect(offerToShow(ready)).toBe('prompt')
  })

  it('never on the first visit, even after a money step', () => {
    expect(offerToShow({ ...ready, visit: 'visit-1' })).toBeNull()
    expect(offerToShow({ ...ready, state: { moneyStepAt: NOW } })).toBeNull()
  })

  it('not before the first deposit or stake', () => {
    expect(offerToShow({ ...ready, state: { firstVisit: 'visit-1' } })).toBeNull()
  })

  it('not for 30 days after a dismissal, then again', () => {
    const dismissed = (daysAgo: number) => ({
      ...ready,
      state: { ...ready.state, dismissedAt: NOW - daysAgo * DAY },
    })
    expect(offerToShow(dismissed(0))).toBeNull()
    expect(offerToShow(dismissed(DISMISS_DAYS - 0.01))).toBeNull()
    expect(offerToShow(dismissed(DISMISS_DAYS))).toBe('prompt')
    expect(offerToShow(dismissed(45))).toBe('prompt')
  })

  it('never once installed, in the home-screen app, or to a watcher', () => {
    expect(offerToShow({ ...ready, state: { ...ready.state, installedAt: NOW } })).toBeNull()
    expect(offerToShow({ ...ready, standalone: true })).toBeNull()
    expect(offerToShow({ ...ready, watched: true })).toBeNull()
  })

  it('not on pages where it is in the way', () => {
    for (const path of ['/order/payment/12', '/games/launch', '/lotto/launch', '/login']) {
      expect(offerToShow({ ...ready, path }), path).toBeNull()
    }
    expect(offerToShow({ ...ready, path: '/lotto/stake' })).toBe('prompt')
  })

  it('on iOS the how-to without a prompt; elsewhere nothing without one', () => {
    expect(offerToShow({ ...ready, ios: true, canPrompt: false })).toBe('ios')
    expect(offerToShow({ ...ready, canPrompt: false })).toBeNull()
    expect(offerToShow({ ...ready, ios: true, standalone: true })).toBeNull()
  })
})

describe('isIos', () => {
  it('knows an iPhone, and an iPad asking as a Mac with touch', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
    expect(isIos(iphone)).toBe(true)
    expect(isIos(mac, 5)).toBe(true)
    expect(isIos(mac, 0)).toBe(false)
    expect(isIos(android, 5)).toBe(false)
  })
})

describe('parseOfferState', () => {
  it('keeps what it knows and drops the rest', () => {
    expect(
      parseOfferState('{"firstVisit":"a","moneyStepAt":5,"dismissedAt":"x","other":1}'),
    ).toEqual({ firstVisit: 'a', moneyStepAt: 5 })
    expect(parseOfferState('not json')).toEqual({})
    expect(parseOfferState('null')).toEqual({})
    expect(parseOfferState(null)).toEqual({})
  })
})
