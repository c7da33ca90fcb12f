// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { FormEvent } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FormAlert, TextField } from '~/forms/fields'
import { field, min, required } from '~/forms/rules'
import { useFieldChecks, type ReplyData } from '~/forms/use-field-checks'
import { VALIDATION_DEBOUNCE_MS } from '~/lib/constants'

const fields = {
  name: field('ชื่อ', [required(), min(3)]),
  code: field('รหัส', [required()]),
}

/** A form as the login page builds it; `submits` records whether each submit went through. */
function Demo({ submits, lastResult }: { submits: boolean[]; lastResult?: ReplyData }) {
  const { form, fields: inputs } = useFieldChecks({ id: 'demo', fields, lastResult })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.props.onSubmit(event)
    submits.push(!event.defaultPrevented)
    event.preventDefault() // jsdom cannot navigate
  }
  return (
    <form {...form.props} onSubmit={onSubmit}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <TextField field={inputs.name} label="name" />
      <TextField field={inputs.code} label="code" />
      <button type="submit">ถัดไป</button>
    </form>
  )
}

function setup(lastResult?: ReplyData) {
  const submits: boolean[] = []
  const { rerender } = render(<Demo submits={submits} lastResult={lastResult} />)
  return {
    submits,
    /** The server's answer to the submit arrives. */
    reply: (answer: ReplyData) => rerender(<Demo submits={submits} lastResult={answer} />),
    name: screen.getByLabelText('name'),
    code: screen.getByLabelText('code'),
    error: (text: string) => screen.queryByText(text),
  }
}

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } })
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

describe('useFieldChecks (no conform in the browser)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('validates a field 16 ms after the member types, not before, with conform’s ids', async () => {
    expect(VALIDATION_DEBOUNCE_MS).toBe(16)
    const { name, error } = setup()
    expect(name.id).toBe('demo-name')
    expect(name.getAttribute('form')).toBe('demo')
    type(name, 'ab')
    await wait(VALIDATION_DEBOUNCE_MS - 1)
    expect(error('ชื่อต้องมีอย่างน้อย 3 ตัวอักษร')).toBeNull()
    await wait(1)
    expect(error('ชื่อต้องมีอย่างน้อย 3 ตัวอักษร')?.id).toBe('demo-name-error')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(name.getAttribute('aria-describedby')).toBe('demo-name-error')
  })

  it('debounces: keystrokes less than 16 ms apart are validated once, with the last value', async () => {
    const { name, error } = setup()
    type(name, 'a')
    await wait(10)
    type(name, 'ab')
    await wait(10)
    type(name, 'abc')
    await wait(10)
    expect(error('ชื่อต้องมีอย่างน้อย 3 ตัวอักษร')).toBeNull()
    await wait(VALIDATION_DEBOUNCE_MS)
    expect(error('ชื่อต้องมีอย่างน้อย 3 ตัวอักษร')).toBeNull()
    expect(name.getAttribute('aria-invalid')).toBeNull()
  })

  it('validates on blur, the required rule first, only the field left', async () => {
    const { name, error } = setup()
    fireEvent.focusOut(name)
    await wait(VALIDATION_DEBOUNCE_MS)
    expect(error('กรุณากรอกชื่อ')).not.toBeNull()
    expect(error('กรุณากรอกรหัส')).toBeNull()
  })

  it('blocks a submit with errors, shows every field and focuses the first invalid one', async () => {
    const { submits, code, error } = setup()
    type(code, 'x')
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }))
    await wait(0)
    expect(submits).toEqual([false])
    expect(error('กรุณากรอกชื่อ')).not.toBeNull()
    expect(document.activeElement).toBe(screen.getByLabelText('name'))
  })

  it('lets a valid form submit', async () => {
    const { submits, name, code } = setup()
    type(name, 'สมชาย')
    type(code, 'x')
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }))
    await wait(0)
    expect(submits).toEqual([true])
  })

  it('shows the server’s field and form errors and focuses the first invalid field', async () => {
    const { submits, name, code, error, reply } = setup()
    type(name, 'สมชาย')
    type(code, 'x')
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }))
    expect(submits).toEqual([true])
    await act(async () =>
      reply({
        status: 'error',
        initialValue: { name: 'สมชาย' },
        error: { '': ['ระบบขัดข้อง'], code: ['รหัสไม่ถูกต้อง'] },
        fields: ['name', 'code'],
      }),
    )
    expect(screen.getByRole('alert').textContent).toBe('ระบบขัดข้อง')
    expect(screen.getByRole('alert').closest('form')?.getAttribute('aria-describedby')).toBe(
      'demo-error',
    )
    expect(error('รหัสไม่ถูกต้อง')).not.toBeNull()
    expect(code.getAttribute('aria-describedby')).toBe('demo-code-error')
    expect(document.activeElement).toBe(code)
  })

  it('renders a first answer (no JavaScript yet) with its errors and kept values', () => {
    const { name, error } = setup({
      status: 'error',
      initialValue: { name: 'สมชาย' },
      error: { code: ['กรุณากรอกรหัส'] },
      fields: ['name', 'code'],
    })
    expect((name as HTMLInputElement).value).toBe('สมชาย')
    expect(error('กรุณากรอกรหัส')).not.toBeNull()
  })

  it('keeps the server’s error on a field when its answer beats a field check still waiting', async () => {
    const { submits, name, code, error, reply } = setup()
    type(name, 'สมชาย')
    type(code, 'x')
    // The focus leaves the field for the button: a field check is scheduled.
    fireEvent.focusOut(code)
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }))
    expect(submits).toEqual([true])
    // A fast server refuses the code before the 16 ms are up.
    await act(async () =>
      reply({
        status: 'error',
        initialValue: { name: 'สมชาย', code: 'x' },
        error: { code: ['รหัสไม่ถูกต้อง'] },
        fields: ['name', 'code'],
      }),
    )
    expect(error('รหัสไม่ถูกต้อง')).not.toBeNull()
    await wait(VALIDATION_DEBOUNCE_MS * 2)
    expect(error('รหัสไม่ถูกต้อง')).not.toBeNull()
  })

  it('a field check after the server’s answer replaces it, as conform’s does', async () => {
    const { name, error, reply } = setup()
    await act(async () =>
      reply({ status: 'error', error: { '': ['ระบบขัดข้อง'] }, fields: ['name', 'code'] }),
    )
    expect(error('ระบบขัดข้อง')).not.toBeNull()
    type(name, 'สมชาย')
    await wait(VALIDATION_DEBOUNCE_MS)
    expect(error('ระบบขัดข้อง')).toBeNull()
    // Both fields were submitted: the empty code now shows its message.
    expect(error('กรุณากรอกรหัส')).not.toBeNull()
  })
})
