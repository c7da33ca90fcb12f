/**
 * A select and a checkbox for conform fields, as ~/forms/fields does text
 * inputs. Apart, so pages without them (login) do not load them.
 */
import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import {
  FieldError,
  Hint,
  INPUT_CLASS,
  Label,
  type ControlProps as TextControlProps,
} from '~/forms/fields'

/** These controls take conform's own fields (the register form's). */
type ControlProps = Omit<TextControlProps, 'field'> & {
  field: FieldMetadata<string | undefined, Record<string, unknown>, string[]>
}

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
  const { key, ...props } = getSelectProps(field, {
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  })
  return (
    <div className="space-y-1">
      <Label field={field} label={label} />
      <select
        key={key}
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
  const { key, ...props } = getInputProps(field, { type: 'checkbox' })
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <input
          key={key}
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
