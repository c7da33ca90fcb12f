import { describe, expect, it } from 'vitest'
import {
  banksResponseSchema,
  loginResponseSchema,
  otpResponseSchema,
  otpVerifyResponseSchema,
  profileResponseSchema,
  registerCheckResponseSchema,
} from '../../app/backend/schemas'
import { claimsOf, expectError, useBackend } from './helpers'
import { DEFAULT_OTP_SETTINGS, THAI_BANKS } from './state'

const setup = useBackend()
const api = () => setup.client()

const registration = {
  username: 'newbie01',
  password: 'newbie-pass',
  phone: '0651234567',
  referralCode: 'FRIEND1',
  bankCode: '004',
  accountNumber: '1234567890',
  accountName: 'สมปอง ลองสมัคร',
}

interface SentOtp {
  phone: string
  ref: string
  otp: string
  expiresAt: number
}

async function sentOtp(phone: string) {
  return api().get<{ data: SentOtp }>(`/__mock/otp?phone=${phone}`)
}

/** Requests an OTP for `phone` and returns what the member's SMS would say. */
async function otpFor(phone: string): Promise<SentOtp> {
  const res = await api().post('/auth/otp/request', { phone })
  expect(res.status).toBe(200)
  return (await sentOtp(phone)).body.data
}

describe('POST /auth/register/check', () => {
  it('answers available for a free username and phone', async () => {
    const res = await api().post('/auth/register/check', {
      username: 'newbie01',
      phone: '0651234567',
    })
    expect(res.status).toBe(200)
    expect(registerCheckResponseSchema.parse(res.body)).toEqual({ data: { available: true } })
  })

  it.each([
    ['demo', '0651234567', 'USERNAME_TAKEN'],
    ['DeMo', '0651234567', 'USERNAME_TAKEN'],
    ['newbie01', '0812345678', 'PHONE_TAKEN'],
    ['somsri', '0812345678', 'USERNAME_TAKEN'],
  ])('refuses %s / %s with 409 %s', async (username, phone, code) => {
    expectError(await api().post('/auth/register/check', { username, phone }), 409, code)
  })

  it.each([
    ['ab', '0651234567'],
    ['สมชาย', '0651234567'],
    ['newbie01', '0751234567'],
    ['newbie01', '065123456'],
  ])('refuses a malformed username or phone (%s / %s) with 400', async (username, phone) => {
    expectError(await api().post('/auth/register/check', { username, phone }), 400, 'BAD_REQUEST')
  })

  it('needs no bearer token', async () => {
    const res = await api().post('/auth/register/check', {
      username: 'free01',
      phone: '0900000000',
    })
    expect(res.status).toBe(200)
  })
})

describe('GET /banks', () => {
  it('lists Thai banks with their code, name and account length', async () => {
    const res = await api().get('/banks')
    expect(res.status).toBe(200)
    const { data } = banksResponseSchema.parse(res.body)
    expect(data).toEqual(THAI_BANKS)
    expect(data.find((bank) => bank.shortName === 'KBANK')).toEqual({
      code: '004',
      shortName: 'KBANK',
      name: 'ธนาคารกสิกรไทย',
      accountDigits: 10,
    })
    expect(data.find((bank) => bank.shortName === 'GSB')?.accountDigits).toBe(12)
  })
})

describe('POST /auth/register', () => {
  it('creates the member, logs them in, and the password then works', async () => {
    const res = await api().post('/auth/register', registration)
    expect(res.status).toBe(200)
    const { data: pair } = loginResponseSchema.parse(res.body)
    expect(claimsOf(pair.accessToken)).toMatchObject({ typ: 'access' })

    const profile = profileResponseSchema.parse(
      (await api().get('/user/profile', pair.accessToken)).body,
    )
    expect(profile.data).toMatchObject({
      username: 'newbie01',
      displayName: 'สมปอง ลองสมัคร',
      phone: '0651234567',
      balance: 0,
      scopes: ['member'],
    })
    expect(profile.data?.id).toBeGreaterThan(1004)
    await expect(api().login('newbie01', 'newbie-pass')).resolves.toHaveProperty('accessToken')
  })

  it('takes a registration without a referral code', async () => {
    const { referralCode: _, ...rest } = registration
    expect((await api().post('/auth/register', rest)).status).toBe(200)
  })

  it('refuses a username or phone in use with 409, the username first', async () => {
    expectError(
      await api().post('/auth/register', {
        ...registration,
        username: 'Demo',
        phone: '0812345678',
      }),
      409,
      'USERNAME_TAKEN',
    )
    expectError(
      await api().post('/auth/register', { ...registration, phone: '0812345678' }),
      409,
      'PHONE_TAKEN',
    )
    expect((await api().post('/auth/register', registration)).status).toBe(200)
    expectError(await api().post('/auth/register', registration), 409, 'USERNAME_TAKEN')
  })

  it.each([
    ['password', 'short'],
    ['bankCode', '999'],
    ['accountNumber', '123456789'],
    ['accountNumber', '12345678901'],
    ['accountName', '   '],
    ['referralCode', 'ผิด'],
  ])('refuses a bad %s (%j) with 400 naming it', async (name, value) => {
    const res = await api().post<{ message: string }>('/auth/register', {
      ...registration,
      [name]: value,
    })
    expectError(res, 400, 'BAD_REQUEST')
    expect(res.body.message).toContain(name)
  })

  it('takes the account length from the bank (GSB: 12 digits)', async () => {
    const gsb = { ...registration, bankCode: '030', accountNumber: '123456789012' }
    expect((await api().post('/auth/register', gsb)).status).toBe(200)
  })

  it('forgets registered members on reset', async () => {
    await api().post('/auth/register', registration)
    await api().post('/__mock/reset')
    expect((await api().post('/auth/register/check', registration)).status).toBe(200)
  })
})

describe('POST /auth/otp/request', () => {
  it('answers a ref, the lifetime and the resend wait; the OTP is six digits', async () => {
    const res = await api().post('/auth/otp/request', { phone: '0812345678' })
    expect(res.status).toBe(200)
    const { data } = otpResponseSchema.parse(res.body)
    expect(data).toEqual({
      ref: expect.stringMatching(/^[A-Z2-9]{4}$/),
      expiresIn: DEFAULT_OTP_SETTINGS.ttlSeconds,
      resendIn: DEFAULT_OTP_SETTINGS.resendSeconds,
    })
    const sent = (await sentOtp('0812345678')).body.data
    expect(sent).toMatchObject({ phone: '0812345678', ref: data.ref })
    expect(sent.otp).toMatch(/^[0-9]{6}$/)
  })

  it('answers a number that is no member the same way, but sends nothing', async () => {
    const res = await api().post('/auth/otp/request', { phone: '0999999999' })
    expect(res.status).toBe(200)
    expect(otpResponseSchema.parse(res.body).data.resendIn).toBe(60)
    expectError(await sentOtp('0999999999'), 404, 'NOT_FOUND')
  })

  it('refuses a second request within resendIn with 429 and Retry-After', async () => {
    await api().post('/auth/otp/request', { phone: '0812345678' })
    const again = await api().post('/auth/otp/request', { phone: '0812345678' })
    expectError(again, 429, 'RATE_LIMITED')
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60)
  })

  it('sends a new OTP after resendIn, and the old one no longer verifies', async () => {
    await api().post('/__mock/otp', { resendSeconds: 0 })
    const first = await otpFor('0812345678')
    const second = await otpFor('0812345678')
    expect(second.ref).not.toBe(first.ref)
    expectError(
      await api().post('/auth/otp/verify', { ref: first.ref, otp: first.otp }),
      410,
      'OTP_EXPIRED',
    )
    expect((await api().post('/auth/otp/verify', second)).status).toBe(200)
  })

  it('refuses a malformed number with 400', async () => {
    expectError(await api().post('/auth/otp/request', { phone: '12345' }), 400, 'BAD_REQUEST')
  })
})

describe('POST /auth/otp/verify', () => {
  it('gives a reset token for the right OTP, once', async () => {
    const { ref, otp } = await otpFor('0812345678')
    const res = await api().post('/auth/otp/verify', { ref, otp })
    expect(res.status).toBe(200)
    expect(otpVerifyResponseSchema.parse(res.body).data.resetToken.length).toBeGreaterThan(20)
    expectError(await api().post('/auth/otp/verify', { ref, otp }), 410, 'OTP_EXPIRED')
  })

  it('counts wrong OTPs: 400 OTP_INVALID, then 429 on the last allowed, then the OTP is dead', async () => {
    await api().post('/__mock/otp', { maxAttempts: 3 })
    const { ref, otp } = await otpFor('0812345678')
    const wrong = otp === '000000' ? '111111' : '000000'
    expectError(await api().post('/auth/otp/verify', { ref, otp: wrong }), 400, 'OTP_INVALID')
    expectError(await api().post('/auth/otp/verify', { ref, otp: wrong }), 400, 'OTP_INVALID')
    expectError(
      await api().post('/auth/otp/verify', { ref, otp: wrong }),
      429,
      'OTP_ATTEMPTS_EXCEEDED',
    )
    expectError(await api().post('/auth/otp/verify', { ref, otp }), 410, 'OTP_EXPIRED')
  })

  it('refuses an expired OTP with 410 OTP_EXPIRED', async () => {
    await api().post('/__mock/otp', { ttlSeconds: 1 })
    const { ref, otp } = await otpFor('0812345678')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expectError(await api().post('/auth/otp/verify', { ref, otp }), 410, 'OTP_EXPIRED')
  })

  it('refuses an unknown ref with 410 OTP_EXPIRED', async () => {
    expectError(
      await api().post('/auth/otp/verify', { ref: 'ZZZZ', otp: '123456' }),
      410,
      'OTP_EXPIRED',
    )
  })
})

describe('POST /auth/password/reset', () => {
  async function resetToken(phone = '0812345678') {
    const { ref, otp } = await otpFor(phone)
    const res = await api().post<{ data: { resetToken: string } }>('/auth/otp/verify', { ref, otp })
    return res.body.data.resetToken
  }

  it('sets the new password: it logs in, the old one no longer does', async () => {
    const token = await resetToken()
    const res = await api().post('/auth/password/reset', {
      resetToken: token,
      password: 'brand-new-1',
    })
    expect(res).toMatchObject({ status: 200, body: { data: { ok: true } } })
    await expect(api().login('demo', 'brand-new-1')).resolves.toHaveProperty('accessToken')
    expectError(
      await api().post('/auth/login', { username: 'demo', password: 'demo1234' }),
      401,
      'INVALID_CREDENTIALS',
    )
  })

  it('ends the sessions the member had', async () => {
    const before = await api().login('demo')
    await api().post('/auth/password/reset', {
      resetToken: await resetToken(),
      password: 'brand-new-1',
    })
    expectError(await api().get('/user/profile', before.accessToken), 401, 'TOKEN_REVOKED')
  })

  it('takes a reset token once only', async () => {
    const token = await resetToken()
    await api().post('/auth/password/reset', { resetToken: token, password: 'brand-new-1' })
    expectError(
      await api().post('/auth/password/reset', { resetToken: token, password: 'again-new-2' }),
      400,
      'RESET_TOKEN_INVALID',
    )
  })

  it('refuses an unknown token, and a too short password with 400', async () => {
    expectError(
      await api().post('/auth/password/reset', { resetToken: 'nope', password: 'brand-new-1' }),
      400,
      'RESET_TOKEN_INVALID',
    )
    expectError(
      await api().post('/auth/password/reset', {
        resetToken: await resetToken(),
        password: 'short',
      }),
      400,
      'BAD_REQUEST',
    )
  })
})

describe('/__mock/otp', () => {
  it('changes the OTP settings and shows them; reset restores them', async () => {
    const res = await api().post('/__mock/otp', { resendSeconds: 3, maxAttempts: 2 })
    expect(res.body).toEqual({
      data: { ...DEFAULT_OTP_SETTINGS, resendSeconds: 3, maxAttempts: 2 },
    })
    await api().post('/__mock/reset')
    expect((await api().post('/__mock/otp', {})).body).toEqual({ data: DEFAULT_OTP_SETTINGS })
  })

  it('refuses unknown or out-of-range settings with 400', async () => {
    expectError(await api().post('/__mock/otp', { resendSeconds: -1 }), 400, 'BAD_REQUEST')
    expectError(await api().post('/__mock/otp', { nope: 1 }), 400, 'BAD_REQUEST')
  })

  it('shows the latest OTP sent to a number, 404 when none was', async () => {
    expectError(await sentOtp('0812345678'), 404, 'NOT_FOUND')
    const res = await api().post('/auth/otp/request', { phone: '0812345678' })
    const { ref } = otpResponseSchema.parse(res.body).data
    expect((await sentOtp('0812345678')).body.data.ref).toBe(ref)
  })
})
