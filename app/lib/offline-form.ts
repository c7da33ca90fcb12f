/**
 * Holds a money form while the tab is offline (docs/decisions/0143): its
 * submit buttons are disabled and described by the reason, and a submit
 * that still comes (Enter in a field) is stopped. `holdForm` returns the
 * release, which gives each button back the disabled state it had.
 * The forms are found by their one-time key (forms/idempotency-field.tsx):
 * every form that moves money has one.
 */
const SUBMITTERS = 'button:not([type]), button[type="submit"], input[type="submit"]'

/** The buttons that submit `form`: inside it, and outside it with form="id". */
function submitters(form: HTMLFormElement): HTMLElement[] {
  const own = Array.from(form.querySelectorAll<HTMLElement>(SUBMITTERS))
  const outside = form.id
    ? Array.from(
        form.ownerDocument.querySelectorAll<HTMLElement>(
          SUBMITTERS.split(', ')
            .map((s) => `${s}[form="${CSS.escape(form.id)}"]`)
            .join(', '),
        ),
      )
    : []
  return [...own, ...outside]
}

export function holdForm(form: HTMLFormElement, reasonId: string): () => void {
  const held = submitters(form).map((button) => {
    const control = button as HTMLButtonElement
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
