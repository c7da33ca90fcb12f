import { describe, expect, it } from 'vitest'
import { changePasswordSchema, inviteCodeSchema, teamNameSchema } from '~/forms/schemas'
import { checkForm, type Entries } from '../../tests/support/form-checks'
import type { FormSchema } from '~/forms/schemas'

const formErrors = (schema: FormSchema, entries: Entries) => {
  const result = checkForm(schema, entries)
  return 'error' in result ? result.error : {}
}

describe('member forms', () => {
  it('checks the team name: 3-20 Thai/English letters, digits, spaces', () => {
    expect(formErrors(teamNameSchema, { name: 'ทีมสายฟ้า 2' })).toEqual({})
    expect(formErrors(teamNameSchema, { name: 'Lucky Star' })).toEqual({})
    expect(formErrors(teamNameSchema, { name: 'ab' }).name?.[0]).toMatch(/3/)
    expect(formErrors(teamNameSchema, { name: 'a'.repeat(21) }).name?.[0]).toMatch(/20/)
    expect(formErrors(teamNameSchema, { name: 'ทีม_ดี!' }).name?.[0]).toBe(
      'ชื่อทีมใช้ได้เฉพาะตัวอักษรไทย ภาษาอังกฤษ ตัวเลข และเว้นวรรค',
    )
  })

  it('asks the current password and a confirmed new one of 8-64 characters', () => {
    const errors = formErrors(changePasswordSchema, {
      currentPassword: undefined,
      password: 'short',
      passwordConfirm: 'other',
    })
    expect(Object.keys(errors).sort()).toEqual(['currentPassword', 'password', 'passwordConfirm'])
    expect(
      formErrors(changePasswordSchema, {
        currentPassword: 'demo1234',
        password: 'newpass123',
        passwordConfirm: 'newpass123',
      }),
    ).toEqual({})
  })

  it('checks the invite code', () => {
    expect(formErrors(inviteCodeSchema, { inviteCode: 'LUCKY9' })).toEqual({})
    expect(formErrors(inviteCodeSchema, { inviteCode: 'ab-1' }).inviteCode).toHaveLength(1)
  })
})
