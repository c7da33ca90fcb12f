import { describe, expect, it } from 'vitest'
import type { Bank } from '~/backend/schemas'
import {
  accountSchema,
  bankSchema,
  finishSchema,
  loginSchema,
  newPasswordSchema,
  otpSchema,
  recoveryPhoneSchema,
} from '~/forms/schemas'
import { checkForm, errorOf } from '../../tests/support/form-checks'

describe('Thai mobile number', () => {
  it.each([
    ['0612345678', undefined],
    ['0812345678', undefined],
    ['0912345678', undefined],
    ['', 'กรุณากรอกเบอร์โทรศัพท์มือถือ'],
    ['0712345678', 'เบอร์โทรศัพท์มือถือต้องขึ้นต้นด้วย 06, 08 หรือ 09'],
    ['0212345678', 'เบอร์โทรศัพท์มือถือต้องขึ้นต้นด้วย 06, 08 หรือ 09'],
    ['081234567', 'เบอร์โทรศัพท์มือถือต้องเป็นตัวเลข 10 หลักพอดี'],
    ['08123456789', 'เบอร์โทรศัพท์มือถือต้องเป็นตัวเลข 10 หลักพอดี'],
    ['081-234-567', 'เบอร์โทรศัพท์มือถือต้องเป็นตัวเลข 10 หลักพอดี'],
    ['+66812345678', 'เบอร์โทรศัพท์มือถือต้องเป็นตัวเลข 10 หลักพอดี'],
    ['๐๘๑๒๓๔๕๖๗๘', 'เบอร์โทรศัพท์มือถือต้องเป็นตัวเลข 10 หลักพอดี'],
  ])('%j -> %s', (phone, message) => {
    expect(errorOf(recoveryPhoneSchema, { phone }, 'phone')).toBe(message)
    expect(errorOf(accountSchema(), { phone }, 'phone')).toBe(message)
  })
})

describe('registration, step 1', () => {
  const valid = {
    username: 'newbie01',
    password: 'newbie-pass',
    passwordConfirm: 'newbie-pass',
    phone: '0651234567',
  }

  it('accepts a complete account; the referral code is optional', () => {
    expect(checkForm(accountSchema(), valid)).toEqual({
      value: { ...valid, referralCode: undefined },
    })
    expect(errorOf(accountSchema(), { ...valid, referralCode: 'FRIEND1' }, 'referralCode')).toBe(
      undefined,
    )
  })

  it.each([
    ['', 'กรุณากรอกชื่อผู้ใช้'],
    ['abc', 'ชื่อผู้ใช้ต้องมีอย่างน้อย 4 ตัวอักษร'],
    ['a'.repeat(21), 'ชื่อผู้ใช้ต้องมีไม่เกิน 20 ตัวอักษร'],
    ['สมชาย01', 'ชื่อผู้ใช้ต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น'],
    ['new bie', 'ชื่อผู้ใช้ต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น'],
    ['Newbie01', undefined],
  ])('username %j -> %s', (username, message) => {
    expect(errorOf(accountSchema(), { ...valid, username }, 'username')).toBe(message)
  })

  it.each([
    ['', '', 'password', 'กรุณากรอกรหัสผ่าน'],
    ['short', 'short', 'password', 'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร'],
    ['newbie-pass', '', 'passwordConfirm', 'กรุณากรอกยืนยันรหัสผ่าน'],
    ['newbie-pass', 'newbie-pas', 'passwordConfirm', 'การยืนยันรหัสผ่านไม่ตรงกัน'],
  ])('password %j / %j -> %s: %s', (password, passwordConfirm, name, message) => {
    expect(errorOf(accountSchema(), { ...valid, password, passwordConfirm }, name)).toBe(message)
  })

  it.each([
    ['ผิด', 'รหัสผู้แนะนำต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น'],
    ['A'.repeat(21), 'รหัสผู้แนะนำต้องมีไม่เกิน 20 ตัวอักษร'],
  ])('referral code %j -> %s', (referralCode, message) => {
    expect(errorOf(accountSchema(), { ...valid, referralCode }, 'referralCode')).toBe(message)
  })

  describe('with a password already held (back from step 2)', () => {
    const fields = accountSchema({ passwordKept: true })

    it('takes blank passwords (the held one is kept)', () => {
      const result = checkForm(fields, { ...valid, password: '', passwordConfirm: '' })
      expect(result).toEqual({
        value: {
          ...valid,
          password: undefined,
          passwordConfirm: undefined,
          referralCode: undefined,
        },
      })
    })

    it('checks a new password as on the way forward, its confirmation included', () => {
      const values = { ...valid, password: 'changed-pass', passwordConfirm: '' }
      expect(errorOf(fields, values, 'passwordConfirm')).toBe('กรุณากรอกยืนยันรหัสผ่าน')
      expect(
        errorOf(fields, { ...values, passwordConfirm: 'changed-pas' }, 'passwordConfirm'),
      ).toBe('การยืนยันรหัสผ่านไม่ตรงกัน')
      expect(errorOf(fields, { ...values, password: 'short' }, 'password')).toBe(
        'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร',
      )
      expect(checkForm(fields, { ...values, passwordConfirm: 'changed-pass' })).toHaveProperty(
        'value',
      )
    })

    it('refuses a confirmation without a new password', () => {
      const values = { ...valid, password: '', passwordConfirm: 'newbie-pass' }
      expect(errorOf(fields, values, 'passwordConfirm')).toBe('การยืนยันรหัสผ่านไม่ตรงกัน')
    })
  })
})

describe('registration, step 2: the account number follows the bank', () => {
  const banks: Bank[] = [
    { code: '004', shortName: 'KBANK', name: 'ธนาคารกสิกรไทย', accountDigits: 10 },
    { code: '030', shortName: 'GSB', name: 'ธนาคารออมสิน', accountDigits: 12 },
  ]
  const fields = bankSchema(banks)
  const valid = { bankCode: '004', accountNumber: '1234567890', accountName: 'สมปอง ลองสมัคร' }

  it('accepts a complete bank account', () => {
    expect(checkForm(fields, valid)).toEqual({ value: valid })
    expect(
      checkForm(fields, { ...valid, bankCode: '030', accountNumber: '123456789012' }),
    ).toHaveProperty('value')
  })

  it.each([
    ['', 'bankCode', 'กรุณาเลือกธนาคาร'],
    ['999', 'bankCode', 'กรุณาเลือกธนาคารจากรายการ'],
  ])('bank %j -> %s: %s', (bankCode, name, message) => {
    expect(errorOf(fields, { ...valid, bankCode }, name)).toBe(message)
  })

  it.each([
    ['004', '', 'กรุณากรอกเลขที่บัญชี'],
    ['004', '123-456-7890', 'เลขที่บัญชีต้องเป็นตัวเลขเท่านั้น'],
    ['004', '123456789', 'เลขที่บัญชีของธนาคารกสิกรไทยต้องมี 10 หลัก'],
    ['030', '1234567890', 'เลขที่บัญชีของธนาคารออมสินต้องมี 12 หลัก'],
    ['030', '123456789012', undefined],
  ])('bank %s, account %j -> %s', (bankCode, accountNumber, message) => {
    expect(errorOf(fields, { ...valid, bankCode, accountNumber }, 'accountNumber')).toBe(message)
  })

  it.each([
    ['', 'กรุณากรอกชื่อบัญชี'],
    ['Somchai 123', 'ชื่อบัญชีต้องเป็นตัวอักษรเท่านั้น'],
    ['นาย สมปอง ลองสมัคร', undefined],
    ['Mr. John Smith', undefined],
  ])('account name %j -> %s', (accountName, message) => {
    expect(errorOf(fields, { ...valid, accountName }, 'accountName')).toBe(message)
  })
})

describe('the other forms', () => {
  it('registration step 3 needs the terms accepted', () => {
    expect(errorOf(finishSchema, {}, 'acceptTerms')).toBe('กรุณายอมรับเงื่อนไขการใช้บริการก่อนสมัครสมาชิก')
    expect(checkForm(finishSchema, { acceptTerms: 'on' })).toEqual({
      value: { acceptTerms: 'on' },
    })
  })

  it.each([
    ['', 'กรุณากรอกรหัส OTP'],
    ['12345', 'รหัส OTP ต้องเป็นตัวเลข 6 หลัก'],
    ['12345a', 'รหัส OTP ต้องเป็นตัวเลข 6 หลัก'],
    ['123456', undefined],
  ])('OTP %j -> %s', (otp, message) => {
    expect(errorOf(otpSchema, { otp }, 'otp')).toBe(message)
  })

  it('the new password of recovery has its own labels', () => {
    expect(errorOf(newPasswordSchema, {}, 'password')).toBe('กรุณากรอกรหัสผ่านใหม่')
    expect(
      errorOf(
        newPasswordSchema,
        { password: 'fresh-pass', passwordConfirm: 'x' },
        'passwordConfirm',
      ),
    ).toBe('การยืนยันรหัสผ่านใหม่ไม่ตรงกัน')
  })

  it('login asks for both fields and nothing more of existing accounts', () => {
    expect(checkForm(loginSchema, {})).toEqual({
      error: { username: ['กรุณากรอกชื่อผู้ใช้'], password: ['กรุณากรอกรหัสผ่าน'] },
    })
    expect(checkForm(loginSchema, { username: 'Old.User', password: 'x' })).toHaveProperty('value')
  })
})
