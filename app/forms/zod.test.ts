import { describe, expect, it } from 'vitest'
import { confirmed, field, min, required, resolveForm } from '~/forms/rules'
import { parseForm } from '~/forms/zod'

const fields = {
  username: field('ชื่อผู้ใช้', [required(), min(4)]),
  password: field('รหัสผ่าน', [required()]),
  passwordConfirm: field('ยืนยันรหัสผ่าน', [required(), confirmed('password')]),
}

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

describe('parseForm', () => {
  it('refuses with the messages the browser gives for the same fields', () => {
    const entries = { username: 'ab', password: 'secret1', passwordConfirm: 'other' }
    const submission = parseForm(form(entries), fields)
    if (submission.status !== 'error') throw new Error('the form was taken')
    const browser = resolveForm(fields, entries)
    expect('error' in browser && browser.error).toEqual(submission.error)
    expect(submission.reply().error).toEqual({
      username: ['ชื่อผู้ใช้ต้องมีอย่างน้อย 4 ตัวอักษร'],
      passwordConfirm: ['การยืนยันรหัสผ่านไม่ตรงกัน'],
    })
  })

  it('gives the typed values of a valid form, and drops names it does not declare', () => {
    const submission = parseForm(
      form({ username: 'somchai', password: 'pw', passwordConfirm: 'pw', extra: 'x' }),
      fields,
    )
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      username: 'somchai',
      password: 'pw',
      passwordConfirm: 'pw',
    })
  })
})
