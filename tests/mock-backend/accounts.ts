/**
 * Registration and password recovery, as the demo backend does them:
 * availability check, bank list, registration (which logs the new member in),
 * OTP by "SMS" (logged, and readable through GET /__mock/otp), OTP check and
 * password reset. None of these calls needs a bearer token.
 */
import { randomBytes, randomInt } from 'node:crypto'
import {
  banksResponseSchema,
  otpRequestSchema,
  otpResponseSchema,
  otpVerifyRequestSchema,
  otpVerifyResponseSchema,
  passwordResetRequestSchema,
  passwordResetResponseSchema,
  registerCheckRequestSchema,
  registerCheckResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '../../app/backend/schemas'
import { ApiError, dataReply } from './http'
import { jsonBody, type RequestContext, type Route } from './router'
import { type MockState, type OtpRecord, RESET_TOKEN_TTL_MS, THAI_BANKS } from './state'

/** The backend's own checks (the app checks the same before calling). */
const USERNAME = /^[A-Za-z0-9]{4,20}$/
const THAI_MOBILE = /^0[689][0-9]{8}$/
const REFERRAL = /^[A-Za-z0-9]{1,20}$/
const PASSWORD_LENGTH = { min: 8, max: 64 }
const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

function badField(field: string): ApiError {
  return new ApiError(400, 'BAD_REQUEST', `Invalid request: ${field}`)
}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
    throw badField('password')
  }
}

/** 409 for a username (any letter case) or phone already in use: username first. */
function assertAvailable(state: MockState, username: string, phone: string): void {
  if (!USERNAME.test(username)) throw badField('username')
  if (!THAI_MOBILE.test(phone)) throw badField('phone')
  if (state.usernameTaken(username)) {
    throw new ApiError(409, 'USERNAME_TAKEN', 'Username is already taken')
  }
  if (state.memberByPhone(phone)) {
    throw new ApiError(409, 'PHONE_TAKEN', 'Phone number is already registered')
  }
}

function check(ctx: RequestContext) {
  const { username, phone } = jsonBody(ctx, registerCheckRequestSchema)
  assertAvailable(ctx.state, username, phone)
  return dataReply(registerCheckResponseSchema, { data: { available: true } })
}

function banks() {
  return dataReply(banksResponseSchema, { data: THAI_BANKS.map((bank) => ({ ...bank })) })
}

async function register(ctx: RequestContext) {
  const body = jsonBody(ctx, registerRequestSchema)
  assertAvailable(ctx.state, body.username, body.phone)
  checkPassword(body.password)
  if (body.referralCode !== undefined && !REFERRAL.test(body.referralCode)) {
    throw badField('referralCode')
  }
  const bank = THAI_BANKS.find((candidate) => candidate.code === body.bankCode)
  if (!bank) throw badField('bankCode')
  if (!new RegExp(`^[0-9]{${bank.accountDigits}}$`).test(body.accountNumber)) {
    throw badField('accountNumber')
  }
  const accountName = body.accountName.trim()
  if (accountName === '' || accountName.length > 100) throw badField('accountName')

  const member = ctx.state.addMember({
    username: body.username,
    password: body.password,
    displayName: accountName,
    phone: body.phone,
    balance: 0,
    scopes: ['member'],
    locked: false,
  })
  ctx.state.bankAccounts.set(member.id, {
    bankCode: bank.code,
    accountNumber: body.accountNumber,
    accountName,
    referralCode: body.referralCode,
  })
  return dataReply(registerResponseSchema, { data: await ctx.sessions.start(member) })
}

function newRef(): string {
  return Array.from({ length: 4 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')
}

/**
 * Any well-formed number gets an answer of the same shape, member or not, so
 * the call does not tell who is a member; only members' numbers get an OTP.
 * A new OTP replaces the number's previous one.
 */
function requestOtp(ctx: RequestContext) {
  const { phone } = jsonBody(ctx, otpRequestSchema)
  if (!THAI_MOBILE.test(phone)) throw badField('phone')
  const { state } = ctx
  const { ttlSeconds, resendSeconds } = state.otpSettings
  const now = Date.now()
  const last = state.otpRequestedAt.get(phone)
  if (last !== undefined && now - last < resendSeconds * 1000) {
    const wait = Math.ceil((last + resendSeconds * 1000 - now) / 1000)
    throw new ApiError(429, 'RATE_LIMITED', 'An OTP was sent to this number moments ago', {
      'Retry-After': String(wait),
    })
  }
  const previous = state.latestOtpFor(phone)
  if (previous) previous.dead = true

  const member = state.memberByPhone(phone)
  let ref = newRef()
  while (state.otps.has(ref)) ref = newRef()
  const record: OtpRecord = {
    ref,
    phone,
    otp: member ? String(randomInt(1_000_000)).padStart(6, '0') : null,
    memberId: member?.id ?? null,
    expiresAt: now + ttlSeconds * 1000,
    wrongAttempts: 0,
    dead: false,
  }
  state.otps.set(ref, record)
  state.otpRequestedAt.set(phone, now)
  if (record.otp) state.sms(`OTP ${record.otp} (ref ${ref}) sent to ${phone}`)
  return dataReply(otpResponseSchema, {
    data: { ref, expiresIn: ttlSeconds, resendIn: resendSeconds },
  })
}

function verifyOtp(ctx: RequestContext) {
  const { ref, otp } = jsonBody(ctx, otpVerifyRequestSchema)
  const { state } = ctx
  const record = state.otps.get(ref)
  if (!record || record.dead || Date.now() >= record.expiresAt) {
    throw new ApiError(410, 'OTP_EXPIRED', 'The OTP has expired; request a new one')
  }
  if (record.otp === null || otp !== record.otp || record.memberId === null) {
    record.wrongAttempts += 1
    if (record.wrongAttempts >= state.otpSettings.maxAttempts) {
      record.dead = true
      throw new ApiError(429, 'OTP_ATTEMPTS_EXCEEDED', 'Too many wrong OTPs; request a new one')
    }
    throw new ApiError(400, 'OTP_INVALID', 'Wrong OTP')
  }
  record.dead = true
  const resetToken = randomBytes(24).toString('base64url')
  state.resetTokens.set(resetToken, {
    memberId: record.memberId,
    expiresAt: Date.now() + RESET_TOKEN_TTL_MS,
  })
  return dataReply(otpVerifyResponseSchema, { data: { resetToken } })
}

function resetPassword(ctx: RequestContext) {
  const { resetToken, password } = jsonBody(ctx, passwordResetRequestSchema)
  const { state } = ctx
  const grant = state.resetTokens.get(resetToken)
  const member = grant && state.members.get(grant.memberId)
  if (!grant || !member || Date.now() >= grant.expiresAt) {
    throw new ApiError(400, 'RESET_TOKEN_INVALID', 'Unknown, used or expired reset token')
  }
  checkPassword(password)
  state.resetTokens.delete(resetToken)
  member.password = password
  // Whoever knew the old password is logged out everywhere.
  for (const family of state.familiesOf(member.id)) family.revoked = true
  return dataReply(passwordResetResponseSchema, { data: { ok: true } })
}

export const accountRoutes: readonly Route[] = [
  { method: 'POST', path: '/auth/register/check', handler: check },
  { method: 'GET', path: '/banks', handler: banks },
  { method: 'POST', path: '/auth/register', handler: register },
  { method: 'POST', path: '/auth/otp/request', handler: requestOtp },
  { method: 'POST', path: '/auth/otp/verify', handler: verifyOtp },
  { method: 'POST', path: '/auth/password/reset', handler: resetPassword },
]
