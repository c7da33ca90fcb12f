// @vitest-environment jsdom
import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { FormEvent } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { field, min, required } from '~/forms/rules'
import { useValidatedForm } from '~/forms/use-validated-form'
import { VALIDATION_DEBOUNCE_MS } from '~/lib/constants'

const fields = {
  name: field('ชื่อ', [required(), min(3)]),
  code: field('รหัส', [required()]),
}

/** A form as the pages build it; `submits` records whether each submit went through. */
function Demo({
  submits,
  lastResult,
}: {
  submits: boolean[]
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, inputs] = useValidatedForm({ id: 'demo', fields, lastResult })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event)
    submits.push(!event.defaultPrevented)
    event.preventDefault() // jsdom cannot navigate
  }
  return (
    <form {...getFormProps(form)} onSubmit={onSubmit}>
      {(['name', 'code'] as const).map((name) => {
        const { key, ...props } = getInputProps(inputs[name], { type: 'text' })
        return (
          <div key={name}>
            <input key={key} {...props} aria-label={name} />
            {inputs[name].errors ? <p id={inputs[name].errorId}>{inputs[name].errors[0]}</p> : null}
          </div>
        )
      })}
      <button type="submit">ถัดไป</button>
      <button type="submit" name="intent" value="back" formNoValidate>
        ย้อนกลับ
      </button>
    </form>
  )
}

function setup() {
  const submits: boolean[] = []
  const { rerender } = render(<Demo submits={submits} />)
  return {
    submits,
    /** The server's answer to the submit arrives. */
    reply: (lastResult: SubmissionResult<string[]>) =>
      rerender(<Demo submits={submits} lastResult={lastResult} />),
    name: screen.getByLabelText('name'),
    code: screen.getByLabelText('code'),
    error: (text: string) => screen.queryByText(text),
  }
}

const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } })
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

describe('useValidatedForm', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('validates a field 16 ms after the member types, not before', async () => {
    expect(VALIDATION_DEBOUNCE_MS).toBe(16)
    const { name, error } = setup()
    type(name, 'ab')
    await wait(VALIDATION_DEBOUNCE_MS - 1)
    expect(error('ชื่อต้องมีอย่างน้อย 3 ตัวอักษร')).toBeNull()
    await wait(1)
    expect(error('ชื่อต้องมีอย่างน้อย 3 ตัวอักษร')).not.toBeNull()
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
      }),
    )
    expect(error('รหัสไม่ถูกต้อง')).not.toBeNull()
    await wait(VALIDATION_DEBOUNCE_MS * 2)
    expect(error('รหัสไม่ถูกต้อง')).not.toBeNull()
  })

  it('checks each field typed in turn: one field’s check does not cancel the other’s', async () => {
    const { name, code, error } = setup()
    type(name, 'ab')
    await wait(VALIDATION_DEBOUNCE_MS - 4)
    type(code, '')
    fireEvent.focusOut(code)
    await wait(VALIDATION_DEBOUNCE_MS * 2)
    expect(error('ชื่อต้องมีอย่างน้อย 3 ตัวอักษร')).not.toBeNull()
    expect(error('กรุณากรอกรหัส')).not.toBeNull()
  })

  it('lets a valid form submit', async () => {
    const { submits, name, code } = setup()
    type(name, 'สมชาย')
    type(code, 'x')
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }))
    await wait(0)
    expect(submits).toEqual([true])
  })

  it('lets a formNoValidate button (back) submit without validating', async () => {
    const { submits, error } = setup()
    fireEvent.click(screen.getByRole('button', { name: 'ย้อนกลับ' }))
    await wait(VALIDATION_DEBOUNCE_MS)
    expect(submits).toEqual([true])
    expect(error('กรุณากรอกชื่อ')).toBeNull()
  })
})
