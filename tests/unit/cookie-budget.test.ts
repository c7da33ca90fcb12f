/**
 * Every cookie the app sets, together, in the worst state a browser can be
 * in, stays well under the 8 KB Cookie header nginx (and most proxies) take:
 * beyond it every request is refused before the app can clear anything
 * (docs/decisions/0096-bet-slips-off-the-cookie.md).
 */
import { describe, expect, it } from 'vitest'
import { saveSlip } from '~/lotto/slip-store.server'
import { passwordRecoveryProgress, registrationProgress } from '~/forms/progress.server'
/**
 * 6.5 KB: nginx takes a Cookie header of 8 KB (large_client_header_buffers
 * 4 8k); 1.5 KB stay free for cookies others set on the domain.
 */
const COOKIE_HEADER_BUDGET = 6656
import { MAX_SLIP_LINES, type SlipLine } from '~/lotto/slip'
import { redirectWithToast } from '~/server/toast.server'
import {
  SessionTooLargeError,
  serializeSessionCookies,
  type SessionPayload,
} from '~/session/cookie.server'
import { lineAuthorizeRedirect } from '~/session/line.server'
import { deviceCookie, MAX_DEVICE_USERNAMES } from '~/session/login-limits.server'
import { Jar } from '../support/cookie-jar'

const SECRET = 'unit-test-session-secret-0123456789'

const session = (tokenLength: number): SessionPayload => ({
  v: 2,
  sid: 's'.repeat(64),
  strategy: 'local',
  accessToken: 'a'.repeat(tokenLength),
  refreshToken: 'r'.repeat(tokenLength),
  accessExpiresAt: 1_900_000_000_000,
  refreshExpiresAt: 1_900_000_000_000,
})
const write = (payload: SessionPayload) =>
  serializeSessionCookies(payload, { secrets: [SECRET], secure: true, previousChunkNames: [] })

/** The largest session the app keeps: the longest tokens serializeSessionCookies takes. */
function largestSession(): string[] {
  let fits = 1
  let tooBig = 64 * 1024
  while (tooBig - fits > 1) {
    const mid = Math.floor((fits + tooBig) / 2)
    try {
      write(session(mid))
      fits = mid
    } catch (error) {
      if (!(error instanceof SessionTooLargeError)) throw error
      tooBig = mid
    }
  }
  return write(session(fits))
}

const fullSlip: SlipLine[] = Array.from({ length: MAX_SLIP_LINES }, (_, i) => ({
  kind: 'threeTote',
  number: String(i).padStart(3, '0'),
  amount: 99_999,
}))
const LOTTO_TYPES = ['thai', 'lao', 'hanoi', 'nikkei', 'yeekee', 'dowjones', 'hangseng', 'gsb']
const thai = (n: number) => 'ก'.repeat(n)

describe('the Cookie header', () => {
  it(`stays under ${COOKIE_HEADER_BUDGET} bytes in the worst state`, async () => {
    const jar = new Jar()
    const parts: Record<string, number> = {}
    const add = (name: string, setCookies: readonly string[]) => {
      const before = jar.header().length
      jar.apply(setCookies)
      parts[name] = jar.header().length - before
    }
    add('session (largest)', largestSession())
    // Full slips on every lotto type.
    const before = jar.header().length
    for (const type of LOTTO_TYPES) {
      jar.apply(
        await saveSlip(jar.request(), type, { drawId: `${type}-20261201`, lines: fullSlip }),
      )
    }
    parts['lotto slips'] = jar.header().length - before
    // A toast of the longest message, in Thai (three bytes a letter).
    add(
      'toast',
      redirectWithToast('/', { type: 'error', message: thai(200) }).headers.getSetCookie(),
    )
    // Both step forms left half-way, with the longest values their fields take.
    add('registration progress', [
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
    ])
    add('password recovery progress', [
      passwordRecoveryProgress.serialize({
        step: 'password',
        phone: '0812345678',
        ref: 'ABCD',
        otpExpiresAt: 1_900_000_000_000,
        resendAt: 1_900_000_000_000,
        resetToken: 't'.repeat(256),
      }),
    ])
    add('known device', [
      deviceCookie(() => ({ secrets: [SECRET], secure: true })).serialize({
        id: 'd'.repeat(64),
        usernames: Array.from({ length: MAX_DEVICE_USERNAMES }, (_, i) => `${i}`.repeat(20)),
      }),
    ])
    add('LINE state', [
      lineAuthorizeRedirect(new Request('http://app.test/login'), `/${'x'.repeat(200)}`).setCookie,
    ])
    const total = new TextEncoder().encode(`Cookie: ${jar.header()}`).length
    console.info('Cookie header, worst state:', total, 'bytes', parts)
    expect(total).toBeLessThanOrEqual(COOKIE_HEADER_BUDGET)
  })
})
