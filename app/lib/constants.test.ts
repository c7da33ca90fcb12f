import { describe, expect, it } from 'vitest'
import { CONFETTI } from '~/lib/confetti'
import * as c from '~/lib/constants'

describe('product constants (spec section 9)', () => {
  it('tokens', () => {
    expect(c.ACCESS_TOKEN_LIFETIME_S).toBe(9000)
    expect(c.REFRESH_TOKEN_LIFETIME_S).toBe(604800)
    expect(c.TOKEN_EXPIRY_MARGIN_MS).toBe(500)
    expect(c.AUTH_PREFIX).toBe('auth.')
    expect(c.AUTH_COOKIE_PATH).toBe('/')
  })
  it('feedback', () => {
    expect(c.TOAST).toEqual({ position: 'bottom-center', durationMs: 2000, widthPx: 360 })
    expect(c.LOADING_BAR.throttleMs).toBe(200)
    expect(c.LOADING_BAR.durationMs).toBe(5000)
    expect(c.LOADING_BAR.heightPx).toBe(2)
    // 2 % per tick reaches 100 % exactly at the duration
    expect((c.LOADING_BAR.durationMs / c.LOADING_BAR.tickMs) * 2).toBe(100)
    expect(c.PENDING_MIN_DISPLAY_MS).toBe(200)
    expect(c.CHUNK_RELOAD_GUARD_MS).toBe(60_000)
    expect(c.VALIDATION_DEBOUNCE_MS).toBe(16)
  })
  it('identity', () => {
    expect(c.DEFAULT_APP_VERSION).toBe('1.1.12')
    expect(c.DEFAULT_APP_COMMIT).toBe('production')
  })
  it('carousel', () => {
    expect(c.CAROUSEL).toEqual({
      speedMs: 400,
      autoplayIntervalMs: 5000,
      perPage: 1,
      throttleMs: 100,
      dragAngleThresholdDeg: 30,
      swipeDistanceThresholdPx: 150,
      flickVelocityThreshold: 0.6,
      flickPower: 600,
      breakpointDebounceMs: 50,
    })
  })
  it('confetti', () => {
    expect(CONFETTI.particleSize).toBe(10)
    expect(CONFETTI.dropRate).toBe(10)
    expect(CONFETTI.particlesPerFrame).toBe(2)
    expect(CONFETTI.shapes).toEqual(['circle', 'rect', 'heart', 'image'])
    expect(CONFETTI.colors).toHaveLength(12)
    expect(CONFETTI.colors).toContain('DodgerBlue')
    expect(CONFETTI.colors).toContain('Crimson')
  })
})
