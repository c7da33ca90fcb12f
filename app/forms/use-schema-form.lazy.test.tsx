// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { FormEvent } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(cleanup)

/** The hook in a fresh module graph: the schemas' chunk has not come yet. */
async function freshDemo() {
  vi.resetModules()
  const { useSchemaForm } = await import('~/forms/use-schema-form')
  const { TextField } = await import('~/forms/fields')
  const submits: string[] = []
  function Demo() {
    const { form, fields } = useSchemaForm({
      id: 'login',
      fields: ['username', 'password'],
      schema: (s) => s.loginSchema,
    })
    const onSubmit = (event: FormEvent<HTMLFormElement>) => {
      form.props.onSubmit(event)
      if (!event.defaultPrevented)
        submits.push(new FormData(event.currentTarget).get('username') as string)
      event.preventDefault() // jsdom cannot navigate
    }
    return (
      <form {...form.props} onSubmit={onSubmit}>
        <TextField field={fields.username} label="username" />
        <TextField field={fields.password} label="password" />
        <button type="submit">เข้าสู่ระบบ</button>
      </form>
    )
  }
  render(<Demo />)
  return submits
}

describe('useSchemaForm before the schemas’ chunk has come', () => {
  it('holds a submit with errors until the checks come, then shows them', async () => {
    const submits = await freshDemo()
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    expect(submits).toEqual([])
    await waitFor(() => expect(screen.queryByText('กรุณากรอกชื่อผู้ใช้')).not.toBeNull())
    expect(submits).toEqual([])
  })

  it('submits a valid form again once the checks passed', async () => {
    const submits = await freshDemo()
    fireEvent.input(screen.getByLabelText('username'), { target: { value: 'somchai' } })
    fireEvent.input(screen.getByLabelText('password'), { target: { value: 'pw' } })
    fireEvent.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }))
    await waitFor(() => expect(submits).toEqual(['somchai']))
  })
})
