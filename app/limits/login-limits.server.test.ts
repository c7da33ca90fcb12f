import { describe, expect, it } from 'vitest'
import { createLoginLimits, DEVICE_COOKIE, deviceCookie } from '~/limits/login-limits.server'

const config = () => ({ secrets: ['login-limits-test-secret-0123456789'], secure: false })

function limits(address: (request: Request) => string | null = () => null) {
  let now = 1_000_000
  const l = createLoginLimits({
    perIp: 100,
    perUsername: 3,
    perDevice: 3,
    windowMs: 60_000,
    address,
    device: deviceCookie(config),
    now: () => now,
  })
  return { ...l, later: (ms: number) => (now += ms) }
}

/** A request from a browser holding `setCookie`'s cookie (or none). */
function from(setCookie?: string, headers: Record<string, string> = {}) {
  const cookie = setCookie ? setCookie.split(';')[0] : undefined
  return new Request('http://app.example/login', {
    method: 'POST',
    headers: cookie ? { ...headers, Cookie: cookie } : headers,
  })
}

describe('login limits', () => {
  it('a stranger filling the username ceiling does not lock out the member’s own browser', async () => {
    const l = limits()
    const memberCookie = await l.succeeded(from(), 'Somchai')
    expect(memberCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`))
    expect(memberCookie).toContain('HttpOnly')
    // The stranger: three attempts allowed, then refused.
    for (let i = 0; i < 3; i++) expect(await l.attempt(from(), 'somchai')).toBe(0)
    expect(await l.attempt(from(), 'somchai')).toBeGreaterThan(0)
    // The member's browser still gets in, on its own bucket.
    expect(await l.attempt(from(memberCookie), ' SOMCHAI ')).toBe(0)
    // And the stranger is still refused.
    expect(await l.attempt(from(), 'somchai')).toBeGreaterThan(0)
  })

  it('the known browser has its own limit too, cleared by a success', async () => {
    const l = limits()
    const cookie = await l.succeeded(from(), 'somchai')
    for (let i = 0; i < 3; i++) expect(await l.attempt(from(cookie), 'somchai')).toBe(0)
    expect(await l.attempt(from(cookie), 'somchai')).toBeGreaterThan(0)
    await l.succeeded(from(cookie), 'somchai')
    expect(await l.attempt(from(cookie), 'somchai')).toBe(0)
  })

  it('a device cookie for another username gives no exemption', async () => {
    const l = limits()
    const cookie = await l.succeeded(from(), 'attacker')
    for (let i = 0; i < 3; i++) expect(await l.attempt(from(cookie), 'somchai')).toBe(0)
    expect(await l.attempt(from(cookie), 'somchai')).toBeGreaterThan(0)
  })

  it('a forged or tampered device cookie is a stranger', async () => {
    const l = limits()
    const cookie = await l.succeeded(from(), 'somchai')
    const tampered = cookie.replace(/=(.)/, (_, c: string) => `=${c === 'A' ? 'B' : 'A'}`)
    const forged = `${DEVICE_COOKIE}=${Buffer.from('{"id":"x","usernames":["somchai"]}').toString('base64url')}`
    for (let i = 0; i < 3; i++) await l.attempt(from(), 'somchai')
    expect(await l.attempt(from(tampered), 'somchai')).toBeGreaterThan(0)
    expect(await l.attempt(from(forged), 'somchai')).toBeGreaterThan(0)
  })

  it('the device cookie remembers the latest usernames of this browser', async () => {
    const l = limits()
    let cookie = await l.succeeded(from(), 'a1')
    cookie = await l.succeeded(from(cookie), 'b2')
    for (let i = 0; i < 3; i++) await l.attempt(from(), 'a1')
    expect(await l.attempt(from(cookie), 'a1')).toBe(0)
  })

  it('the window ends', async () => {
    const l = limits()
    for (let i = 0; i < 4; i++) await l.attempt(from(), 'somchai')
    expect(await l.attempt(from(), 'somchai')).toBeGreaterThan(0)
    l.later(60_000)
    expect(await l.attempt(from(), 'somchai')).toBe(0)
  })

  it('per-IP limit applies to strangers only when the address is known', async () => {
    const l = createLoginLimits({
      perIp: 2,
      perUsername: 100,
      perDevice: 100,
      windowMs: 60_000,
      address: (r) => r.headers.get('X-Forwarded-For'),
      device: deviceCookie(config),
    })
    const ip = { 'X-Forwarded-For': '198.51.100.1' }
    expect(await l.attempt(from(undefined, ip), 'u1')).toBe(0)
    expect(await l.attempt(from(undefined, ip), 'u2')).toBe(0)
    expect(await l.attempt(from(undefined, ip), 'u3')).toBeGreaterThan(0)
    // Unknown address (TRUST_PROXY_HOPS=0): no per-IP count.
    for (let i = 0; i < 5; i++) expect(await l.attempt(from(), `v${i}`)).toBe(0)
  })

  describe('behind one address (carrier NAT: thousands of members share it)', () => {
    const nat = { 'X-Forwarded-For': '203.0.113.9' }
    const behindNat = (perIp: number) =>
      createLoginLimits({
        perIp,
        perUsername: 10,
        perDevice: 10,
        windowMs: 900_000,
        address: (r) => r.headers.get('X-Forwarded-For'),
        device: deviceCookie(config),
      })

    it('successful logins from new browsers do not count on the address', async () => {
      const l = behindNat(3)
      for (let member = 0; member < 10; member++) {
        expect(await l.attempt(from(undefined, nat), `member${member}`)).toBe(0)
        await l.succeeded(from(undefined, nat), `member${member}`)
      }
      expect(await l.attempt(from(undefined, nat), 'newcomer')).toBe(0)
    })

    it("attempts refused by a username's own ceiling do not count on the address", async () => {
      const l = behindNat(30)
      // Someone behind the address tries 30 passwords on one username: 10 are judged.
      for (let i = 0; i < 30; i++) await l.attempt(from(undefined, nat), 'victim')
      expect(await l.attempt(from(undefined, nat), 'victim')).toBeGreaterThan(0)
      // Every other member there still logs in from a new browser.
      expect(await l.attempt(from(undefined, nat), 'somchai')).toBe(0)
    })

    it("a member's known browser logs in after the address has reached its ceiling", async () => {
      const l = behindNat(5)
      const mine = await l.succeeded(from(undefined, nat), 'somchai')
      for (let i = 0; i < 20; i++) await l.attempt(from(undefined, nat), `stranger${i}`)
      expect(await l.attempt(from(undefined, nat), 'someone-new')).toBeGreaterThan(0)
      expect(await l.attempt(from(mine, nat), 'somchai')).toBe(0)
    })

    it('an attempt the backend could not answer does not count', async () => {
      const l = behindNat(3)
      for (let i = 0; i < 12; i++) {
        expect(await l.attempt(from(undefined, nat), 'somchai')).toBe(0)
        await l.unanswered(from(undefined, nat), 'somchai')
      }
    })
  })
})
