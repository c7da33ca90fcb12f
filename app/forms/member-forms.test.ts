import { describe, expect, it } from 'vitest'
import { changePasswordFields, inviteCodeFields, teamNameFields } from '~/forms/member-forms'
import { formErrors } from '~/forms/rules'

describe('member forms', () => {
  it('checks the team name: 3-20 Thai/English letters, digits, spaces', () => {
    expect(formErrors(teamNameFields, { name: 'ทีมสายฟ้า 2' })).toEqual({})
    expect(formErrors(teamNameFields, { name: 'Lucky Star' })).toEqual({})
    expect(formErrors(teamNameFields, { name: 'ab' }).name?.[0]).toMatch(/3/)
    expect(formErrors(teamNameFields, { name: 'a'.repeat(21) }).name?.[0]).toMatch(/20/)
    expect(formErrors(teamNameFields, { name: 'ทีม_ดี!' }).name?.[0]).toBe(
      'ชื่อทีมใช้ได้เฉพาะตัวอักษรไทย ภาษาอังกฤษ ตัวเลข และเว้นวรรค',
    )
  })

  it('asks the current password and a confirmed new one of 8-64 characters', () => {
    const errors = formErrors(changePasswordFields, {
      currentPassword: undefined,
      password: 'short',
      passwordConfirm: 'other',
    })
    expect(Object.keys(errors).sort()).toEqual(['currentPassword', 'password', 'passwordConfirm'])
    expect(
      formErrors(changePasswordFields, {
        currentPassword: 'demo1234',
        password: 'newpass123',
        passwordConfirm: 'newpass123',
      }),
    ).toEqual({})
  })

  it('checks the invite code', () => {
    expect(formErrors(inviteCodeFields, { inviteCode: 'LUCKY9' })).toEqual({})
    expect(formErrors(inviteCodeFields, { inviteCode: 'ab-1' }).inviteCode).toHaveLength(1)
  })
})
