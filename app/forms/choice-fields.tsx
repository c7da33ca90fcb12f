/**
 * A select and a checkbox, as ~/forms/fields does text inputs (the same
 * attributes conform's `getSelectProps` / `getInputProps` gave them). Apart,
 * so pages without them (login) do not load them.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { FieldError, Hint, INPUT_CLASS, Label, type ControlProps, type Meta } from '~/forms/fields'

/** id, name, form, aria-invalid and aria-describedby (the error first, then the hint). */
function controlProps(field: Meta, ariaDescribedBy?: string) {
  const invalid = field.errors !== undefined
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid
      ? `${field.errorId} ${ariaDescribedBy ?? ''}`.trim()
      : ariaDescribedBy,
  }
}

const initialText = (field: Meta): string | undefined =>
  field.initialValue === undefined || field.initialValue === null
    ? undefined
    : String(field.initialValue)

export interface Option {
  value: string
  label: string
}

export function SelectField({
  field,
  label,
  hint,
  required,
  focusOnError = false,
  options,
  placeholder,
}: ControlProps & { options: readonly Option[]; placeholder: string }) {
  const props = {
    ...controlProps(field, hint ? field.descriptionId : undefined),
    defaultValue: initialText(field),
  }
  return (
    <div className="space-y-1">
      <Label field={field} label={label} />
      <select
        {...props}
        aria-required={required || undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusOnError && field.errors !== undefined}
        className={INPUT_CLASS}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint field={field} hint={hint} />
      <FieldError field={field} />
    </div>
  )
}

export function CheckboxField({
  field,
  children,
  required,
  focusOnError = false,
}: Omit<ControlProps, 'label' | 'hint'> & { children: ReactNode }) {
  const props = {
    ...controlProps(field),
    type: 'checkbox',
    value: 'on',
    defaultChecked: field.initialValue === 'on',
  }
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          {...props}
          aria-required={required || undefined}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focusOnError && field.errors !== undefined}
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
