/**
 * Every cookie the app sets, together, in the worst state a browser can be
 * in, stays under 4 KB of Cookie header, half of the 8 KB nginx (and most
 * proxies) take: beyond that every request is refused before the app can
 * clear anything (docs/decisions/0096-bet-slips-off-the-cookie.md,
 * 0134-large-tokens-in-the-shared-store.md). A member's browser and a
 * visitor's are measured apart: a login expires the guest-only forms' step
 * cookies (app/session/strategies.server.ts).
 */
import { describe, expect, it } from 'vitest'
import { saveSlip } from '~/lotto/slip-store.server'
import { passwordRecoveryProgress, registrationProgress } from '~/forms/progress.server'
/**
 * 4 KB: nginx takes a Cookie header of 8 KB (large_client_header_buffers
 * 4 8k); the other half stays free for cookies others set on the domain.
 */
const COOKIE_HEADER_BUDGET = 4096
import { MAX_SLIP_LINES, type SlipLine } from '~/lotto/slip'
import { redirectWithToast } from '~/server/toast.server'
import { serializeSessionRefCookies } from '~/session/cookie.server'
import { lineAuthorizeRedirect } from '~/session/line.server'
import { Jar } from '../support/cookie-jar'
import {
  knownDevice as knownDeviceCookie,
  largestSession,
  sealedCookieOptions,
  sizedSession,
} from '../support/session-fixtures'

/** Tokens larger than the cookie holds: a reference to them in the shared store (decision 0134). */
const storedSession = () =>
  serializeSessionRefCookies('r'.repeat(22), sizedSession(64 * 1024), {
    ...sealedCookieOptions,
    now: 0,
  })

const fullSlip: SlipLine[] = Array.from({ length: MAX_SLIP_LINES }, (_, i) => ({
  kind: 'threeTote',
  number: String(i).padStart(3, '0'),
  amount: 99_999,
}))
const LOTTO_TYPES = ['thai', 'lao', 'hanoi', 'nikkei', 'yeekee', 'dowjones', 'hangseng', 'gsb']
const thai = (n: number) => 'ก'.repeat(n)

type Part = readonly [
  name: string,
  setCookies: () => readonly string[] | Promise<readonly string[]>,
]

/** The Cookie header a browser sends after every part's Set-Cookie, with each part's share. */
async function cookieHeader(parts: readonly Part[]) {
  const jar = new Jar()
  const shares: Record<string, number> = {}
  for (const [name, setCookies] of parts) {
    const before = jar.header().length
    jar.apply(await setCookies())
    shares[name] = jar.header().length - before
  }
  return { bytes: new TextEncoder().encode(`Cookie: ${jar.header()}`).length, shares, jar }
}

/** Full slips on every lotto type (one small cookie whatever their number, decision 0096). */
const slips: Part = [
  'lotto slips',
  async () => {
    const jar = new Jar()
    for (const type of LOTTO_TYPES) {
      jar.apply(
        await saveSlip(jar.request(), type, { drawId: `${type}-20261201`, lines: fullSlip }),
      )
    }
    return [...jar.cookies].map(([name, value]) => `${name}=${value}; Path=/`)
  },
]
/** A toast of the longest message, in Thai (three bytes a letter), with its signal. */
const toast: Part = [
  'toast',
  () => redirectWithToast('/', { type: 'error', message: thai(200) }).headers.getSetCookie(),
]
const knownDevice: Part = ['known device', () => [knownDeviceCookie()]]
const lineState: Part = [
  'LINE state',
  () => [
    lineAuthorizeRedirect(new Request('http://app.test/login'), `/${'x'.repeat(200)}`).setCookie,
  ],
]
/** Both step forms left half-way, with the longest values their fields take. */
const stepForms: Part[] = [
  [
    'registration progress',
    () => [
      registrationProgress.serialize({
        step: 'finish',
        account: {
          username: 'u'.repeat(20),
          password: 'p'.repeat(64),
          phone: '0812345678',
          referralCode: 'r'.repeat(20),
        },
        bank: { bankCode: 'b'.repeat(10), accountNumber: '1'.repeat(40), accountName: thai(100) },
      }),
    ],
  ],
  [
    'password recovery progress',
    () => [
      passwordRecoveryProgress.serialize({
        step: 'password',
        phone: '0812345678',
        ref: 'ABCD',
        otpExpiresAt: 1_900_000_000_000,
        resendAt: 1_900_000_000_000,
        resetToken: 't'.repeat(256),
      }),
    ],
  ],
]

/** `browser`'s own cookies and every other cookie the app sets, measured against the budget. */
async function expectUnderBudget(browser: string, own: readonly Part[]) {
  const { bytes, shares } = await cookieHeader([...own, slips, toast, knownDevice, lineState])
  console.info(`Cookie header, ${browser}:`, bytes, 'bytes', shares)
  expect(bytes).toBeLessThan(COOKIE_HEADER_BUDGET)
}

describe(`the Cookie header stays under ${COOKIE_HEADER_BUDGET} bytes`, () => {
  it.each([
    ['the largest session the cookie holds itself', largestSession],
    ['tokens of any size in the shared store', storedSession],
  ])('a member, with %s, slips on every lotto type, a toast, ...', async (_, sessionCookies) => {
    await expectUnderBudget('a member', [['session', sessionCookies]])
  })

  it('a visitor with both step forms half-way, slips on every lotto type, a toast, ...', async () => {
    await expectUnderBudget('a visitor', stepForms)
  })
})
