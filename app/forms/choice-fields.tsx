/**
 * A select and a checkbox, as ~/forms/fields does text inputs (the same
 * attributes conform's `getSelectProps` / `getInputProps` gave them). Apart,
 * so pages without them (login) do not load them.
 */
import { useEffect, useState, type ReactNode } from 'react'
import {
  controlProps,
  FieldError,
  FieldFrame,
  INPUT_CLASS,
  type ControlProps,
  type Meta,
} from '~/forms/fields'

const initialText = (field: Meta): string | undefined =>
  field.initialValue === undefined || field.initialValue === null
    ? undefined
    : String(field.initialValue)

export interface Option {
  value: string
  label: string
}

export function SelectField({
  options,
  placeholder,
  ...props
}: ControlProps & { options: readonly Option[]; placeholder: string }) {
  const { field, label, hint } = props
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <select {...controlProps(props)} defaultValue={initialText(field)} className={INPUT_CLASS}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

export function CheckboxField({
  children,
  ...props
}: Omit<ControlProps, 'label' | 'hint'> & { children: ReactNode }) {
  const { field } = props
  // A checkbox's value is fixed ("on"); whether it starts checked is its initial value.
  const { defaultValue: _text, ...control } = controlProps(props)
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          {...control}
          type="checkbox"
          value="on"
          defaultChecked={field.initialValue === 'on'}
          className="mt-1 size-5 shrink-0 accent-gold-400"
        />
        <label htmlFor={field.id} className="text-sm">
          {children}
        </label>
      </div>
      <FieldError field={field} />
    </div>
  )
}

/**
 * A field's value as the member has it now (its starting value until the
 * member changes it): for a hint that follows a choice (the bank step's
 * account digits). Only the component that asks renders again.
 */
export function useFieldValue(field: Meta): string | undefined {
  const [value, setValue] = useState(initialText(field))
  const { id } = field
  useEffect(() => {
    const follow = (event: Event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement | null
      if (target?.id === id) setValue(target.value)
    }
    document.addEventListener('input', follow)
    return () => document.removeEventListener('input', follow)
  }, [id])
  return value
}
