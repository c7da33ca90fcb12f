// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { FormEvent } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CheckboxField, SelectField, useFieldValue } from '~/forms/choice-fields'
import { FormAlert, TextField, type FieldMeta } from '~/forms/fields'
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

const stepFields = {
  bankCode: field('ธนาคาร', [required()]),
  accountName: field('ชื่อบัญชี', [required()]),
  acceptTerms: field('เงื่อนไข', [required()]),
}

/** The bank step's hint: the bank chosen now. */
function Chosen({ field }: { field: FieldMeta }) {
  return <p data-testid="chosen">{useFieldValue(field) ?? '-'}</p>
}

/** A step form as /register builds it: kept values, a select whose value the page shows, "back". */
function StepDemo({
  submits,
  lastResult,
  defaultValue,
}: {
  submits: boolean[]
  lastResult?: ReplyData
  defaultValue?: { bankCode?: string; accountName?: string }
}) {
  const { form, fields: inputs } = useFieldChecks({
    id: 'step',
    fields: stepFields,
    lastResult,
    defaultValue,
  })
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.props.onSubmit(event)
    submits.push(!event.defaultPrevented)
    event.preventDefault() // jsdom cannot navigate
  }
  return (
    <form {...form.props} onSubmit={onSubmit}>
      <SelectField
        field={inputs.bankCode}
        label="bank"
        hint="hint"
        placeholder="เลือก"
        options={[
          { value: 'KBANK', label: 'กสิกร' },
          { value: 'SCB', label: 'ไทยพาณิชย์' },
        ]}
      />
      <Chosen field={inputs.bankCode} />
      <TextField field={inputs.accountName} label="name" />
      <CheckboxField field={inputs.acceptTerms}>terms</CheckboxField>
      <button type="submit">ถัดไป</button>
      <button type="submit" name="intent" value="back" formNoValidate>
        ย้อนกลับ
      </button>
    </form>
  )
}

describe('useFieldChecks on a step form (register, forget)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  const renderStep = (props: Omit<Parameters<typeof StepDemo>[0], 'submits'> = {}) => {
    const submits: boolean[] = []
    render(<StepDemo submits={submits} {...props} />)
    return {
      submits,
      bank: screen.getByLabelText('bank') as HTMLSelectElement,
      name: screen.getByLabelText('name') as HTMLInputElement,
      terms: screen.getByLabelText('terms') as HTMLInputElement,
      chosen: () => screen.getByTestId('chosen').textContent,
    }
  }

  it('starts from the given values; a reply’s values win over them', () => {
    const { bank, name, chosen } = renderStep({
      defaultValue: { bankCode: 'SCB', accountName: 'สมชาย' },
    })
    expect(bank.value).toBe('SCB')
    expect(name.value).toBe('สมชาย')
    expect(chosen()).toBe('SCB')
    cleanup()
    const answered = renderStep({
      defaultValue: { bankCode: 'SCB', accountName: 'สมชาย' },
      lastResult: { status: 'error', initialValue: { bankCode: 'KBANK', acceptTerms: 'on' } },
    })
    expect(answered.bank.value).toBe('KBANK')
    expect(answered.name.value).toBe('')
    expect(answered.terms.checked).toBe(true)
  })

  it('gives the live value of a field the page reads', () => {
    const { bank, chosen } = renderStep()
    expect(chosen()).toBe('-')
    fireEvent.input(bank, { target: { value: 'KBANK' } })
    expect(chosen()).toBe('KBANK')
    fireEvent.input(bank, { target: { value: '' } })
    expect(chosen()).toBe('')
  })

  it('lets a formNoValidate button (back) submit without validating', async () => {
    const { submits } = renderStep()
    fireEvent.click(screen.getByRole('button', { name: 'ย้อนกลับ' }))
    await wait(VALIDATION_DEBOUNCE_MS)
    expect(submits).toEqual([true])
    expect(screen.queryByText('กรุณาเลือกธนาคาร')).toBeNull()
    expect(screen.queryByText('กรุณากรอกเงื่อนไข')).toBeNull()
  })

  it('checks each field typed in turn: one field’s check does not cancel the other’s', async () => {
    const { bank, name } = renderStep()
    fireEvent.input(bank, { target: { value: '' } })
    await wait(VALIDATION_DEBOUNCE_MS - 4)
    fireEvent.input(name, { target: { value: '' } })
    fireEvent.focusOut(name)
    await wait(VALIDATION_DEBOUNCE_MS * 2)
    expect(bank.getAttribute('aria-invalid')).toBe('true')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByText('กรุณากรอกเงื่อนไข')).toBeNull()
  })

  it('gives a select and a checkbox conform’s attributes, and focuses the first invalid one', async () => {
    const { submits, bank, terms } = renderStep()
    expect(bank.id).toBe('step-bankCode')
    expect(bank.getAttribute('form')).toBe('step')
    expect(bank.getAttribute('aria-describedby')).toBe('step-bankCode-description')
    expect(terms.type).toBe('checkbox')
    expect(terms.value).toBe('on')
    expect(terms.hasAttribute('aria-describedby')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'ถัดไป' }))
    await wait(0)
    expect(submits).toEqual([false])
    expect(document.activeElement).toBe(bank)
    expect(bank.getAttribute('aria-invalid')).toBe('true')
    expect(bank.getAttribute('aria-describedby')).toBe(
      'step-bankCode-error step-bankCode-description',
    )
    expect(terms.getAttribute('aria-invalid')).toBe('true')
    expect(terms.getAttribute('aria-describedby')).toBe('step-acceptTerms-error')
    expect(screen.getByText('กรุณากรอกเงื่อนไข').id).toBe('step-acceptTerms-error')
  })
})
