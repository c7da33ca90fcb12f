// @vitest-environment jsdom
import type { FormEvent } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

describe('load-checks', () => {
  it('has no checks until a form asks for them, then the schemas’ Thai messages', async () => {
    vi.resetModules()
    const { check, checkNow } = await import('~/forms/load-checks')
    const form = document.createElement('form')
    form.innerHTML = '<input name="username" value=""><input name="password" value="x">'
    expect(checkNow(form, (s) => s.loginSchema)).toBeNull()
    const errors = { username: ['กรุณากรอกชื่อผู้ใช้'] }
    expect(await check(form, (s) => s.loginSchema)).toEqual(errors)
    expect(checkNow(form, (s) => s.loginSchema)).toEqual(errors)
  })
})

/** A form whose submits go through `checkSubmit`; returns the usernames of the posts that went. */
async function checkedForm(username: string) {
  const { checkSubmit } = await import('~/forms/load-checks')
  const form = document.createElement('form')
  form.innerHTML = `<input name="username" value="${username}"><input name="password" value="x"><button>go</button>`
  document.body.append(form)
  const posts: string[] = []
  const judged: object[] = []
  form.addEventListener('submit', (native) => {
    const event = {
      currentTarget: form,
      nativeEvent: native,
      preventDefault: () => native.preventDefault(),
    }
    checkSubmit(
      event as unknown as FormEvent<HTMLFormElement>,
      (s) => s.loginSchema,
      (found) => {
        judged.push(found)
        return Object.keys(found).length === 0
      },
    )
    if (!native.defaultPrevented) posts.push(username)
    native.preventDefault() // jsdom cannot navigate
  })
  const submit = () => form.querySelector('button')!.click()
  return { submit, posts, judged }
}

describe('checkSubmit (both browser hooks)', () => {
  afterEach(() => {
    document.body.replaceChildren()
    vi.doUnmock('~/forms/schemas')
  })

  it('holds a submit until the schemas came, then submits a valid form again', async () => {
    vi.resetModules()
    const { submit, posts, judged } = await checkedForm('somchai')
    submit()
    expect(posts).toEqual([])
    await vi.waitFor(() => expect(posts).toEqual(['somchai']))
    expect(judged).toEqual([{}, {}])
  })

  it('holds an invalid form and lets the judge show why', async () => {
    vi.resetModules()
    const { submit, posts, judged } = await checkedForm('')
    submit()
    await vi.waitFor(() => expect(judged).toEqual([{ username: ['กรุณากรอกชื่อผู้ใช้'] }]))
    expect(posts).toEqual([])
  })

  it('sends the posts to the action unchecked while the schemas cannot come', async () => {
    vi.resetModules()
    vi.doMock('~/forms/schemas', () => {
      throw new Error('offline')
    })
    const { submit, posts, judged } = await checkedForm('')
    submit()
    expect(posts).toEqual([])
    await vi.waitFor(() => expect(posts).toEqual(['']))
    expect(judged).toEqual([])
    submit()
    expect(posts).toEqual(['', ''])
    expect(judged).toEqual([])
  })
})
