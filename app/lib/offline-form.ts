/**
 * Holds a money form while the tab is offline (docs/decisions/0143): its
 * submit buttons are disabled and described by the reason, and a submit
 * that still comes (Enter in a field) is stopped. `holdForm` returns the
 * release, which gives each button back the disabled state it had.
 * The forms are found by their one-time key (forms/idempotency-field.tsx):
 * every form that moves money has one.
 */
/** The controls that submit `form`: its own, and those outside it with form="id". */
function submitters(form: HTMLFormElement): (HTMLButtonElement | HTMLInputElement)[] {
  return Array.from(form.elements).filter(
    (element): element is HTMLButtonElement | HTMLInputElement =>
      (element.tagName === 'BUTTON' || element.tagName === 'INPUT') &&
      (element as HTMLButtonElement | HTMLInputElement).type === 'submit',
  )
}

export function holdForm(form: HTMLFormElement, reasonId: string): () => void {
  const held = submitters(form).map((control) => {
    const before = {
      disabled: control.disabled,
      describedBy: control.getAttribute('aria-describedby'),
    }
    control.disabled = true
    control.setAttribute(
      'aria-describedby',
      [before.describedBy, reasonId].filter(Boolean).join(' '),
    )
    return { control, before }
  })
  const stop = (event: Event) => {
    event.preventDefault()
    event.stopImmediatePropagation()
  }
  form.addEventListener('submit', stop, { capture: true })
  return () => {
    form.removeEventListener('submit', stop, { capture: true })
    for (const { control, before } of held) {
      control.disabled = before.disabled
      if (before.describedBy === null) control.removeAttribute('aria-describedby')
      else control.setAttribute('aria-describedby', before.describedBy)
    }
  }
}
