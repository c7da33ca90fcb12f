import { describe, expect, it } from 'vitest'
import { accountSchema, loginSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { checkForm, errorOf, formData } from '../../tests/support/form-checks'

const account = {
  username: 'somchai',
  password: 'secret-pass',
  passwordConfirm: 'secret-pass',
  phone: '0812345678',
}

describe('parseForm and the browser: one schema, one message per field', () => {
  it('refuses with the messages the browser gives for the same entries', () => {
    const entries = { ...account, username: 'ab', passwordConfirm: 'other' }
    expect(checkForm(accountSchema(), entries)).toEqual({
      error: {
        username: ['ชื่อผู้ใช้ต้องมีอย่างน้อย 4 ตัวอักษร'],
        passwordConfirm: ['การยืนยันรหัสผ่านไม่ตรงกัน'],
      },
    })
  })

  it('gives the values of a valid form, and drops names it does not declare', () => {
    const submission = parseForm(formData({ ...account, extra: 'x' }), accountSchema())
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual(account)
  })

  it('checks required first, then only the first failing check', () => {
    expect(errorOf(accountSchema(), { ...account, username: '' }, 'username')).toBe('กรุณากรอกชื่อผู้ใช้')
    // Too long and not Latin letters: the length is the first check that fails.
    expect(errorOf(accountSchema(), { ...account, username: 'ก'.repeat(21) }, 'username')).toBe(
      'ชื่อผู้ใช้ต้องมีไม่เกิน 20 ตัวอักษร',
    )
  })

  it('text of only spaces is missing for a required field, and checked for an optional one', () => {
    expect(errorOf(loginSchema, { username: '   ', password: 'x' }, 'username')).toBe(
      'กรุณากรอกชื่อผู้ใช้',
    )
    expect(errorOf(accountSchema(), { ...account, referralCode: '  ' }, 'referralCode')).toBe(
      'รหัสผู้แนะนำต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น',
    )
  })

  it('a check of another field runs when other fields fail, once its own field passes', () => {
    const entries = { username: '', password: 'secret-pass', passwordConfirm: 'other', phone: '' }
    expect(checkForm(accountSchema(), entries)).toEqual({
      error: {
        username: ['กรุณากรอกชื่อผู้ใช้'],
        phone: ['กรุณากรอกเบอร์โทรศัพท์มือถือ'],
        passwordConfirm: ['การยืนยันรหัสผ่านไม่ตรงกัน'],
      },
    })
    expect(errorOf(accountSchema(), { ...account, passwordConfirm: '' }, 'passwordConfirm')).toBe(
      'กรุณากรอกยืนยันรหัสผ่าน',
    )
  })

  it('a file posted to a text field is not valid, not a 500', () => {
    const file = new File(['x'], 'x.txt', { type: 'text/plain' })
    expect(errorOf(loginSchema, { username: file, password: 'x' }, 'username')).toBe('ชื่อผู้ใช้ไม่ถูกต้อง')
    expect(errorOf(loginSchema, { username: new File([], ''), password: 'x' }, 'username')).toBe(
      'ชื่อผู้ใช้ไม่ถูกต้อง',
    )
  })
})
