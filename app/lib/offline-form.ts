/**
 * Holds a money form while the tab is offline (docs/decisions/0143): its
 * submit buttons are disabled and described by the reason, and a submit
 * that still comes (Enter in a field) is stopped. `holdForm` returns the
 * release.
 * The forms are found by their one-time key (forms/idempotency-field.tsx):
 * every form that moves money has one.
 *
 * React owns each button's `disabled` (busy, a closed draw): the hold only
 * disables the buttons that were enabled, marks them `data-offline-held`,
 * and on release enables only those it still holds. While held it watches
 * `disabled`: a button React disables meanwhile (the slip's countdown ends)
 * is no longer held, so the release leaves it disabled; one React enables
 * meanwhile (busy ended) is held again, so the release enables it.
 */
export const HELD_ATTRIBUTE = 'data-offline-held'

type Submitter = HTMLButtonElement | HTMLInputElement

/** The controls that submit `form`: its own, and those outside it with form="id". */
function submitters(form: HTMLFormElement): Submitter[] {
  return Array.from(form.elements).filter(
    (element): element is Submitter =>
      (element.tagName === 'BUTTON' || element.tagName === 'INPUT') &&
      (element as Submitter).type === 'submit',
  )
}

export function holdForm(form: HTMLFormElement, reasonId: string): () => void {
  const held = new Set<Submitter>()
  const hold = (control: Submitter) => {
    control.disabled = true
    control.setAttribute(HELD_ATTRIBUTE, '')
    held.add(control)
  }
  const controls = submitters(form).map((control) => {
    const describedBy = control.getAttribute('aria-describedby')
    if (!control.disabled) hold(control)
    control.setAttribute('aria-describedby', [describedBy, reasonId].filter(Boolean).join(' '))
    return { control, describedBy }
  })

  // Every write of `disabled` after this one is React's (the hold's own are taken back at once).
  const follow = (records: MutationRecord[]) => {
    for (const record of records) {
      const control = record.target as Submitter
      if (control.disabled) {
        // React disabled it: it is React's, not the hold's.
        held.delete(control)
        control.removeAttribute(HELD_ATTRIBUTE)
      } else {
        // React enabled it while offline: hold it again.
        hold(control)
      }
    }
    observer?.takeRecords()
  }
  const Observer = form.ownerDocument.defaultView?.MutationObserver
  const observer = Observer ? new Observer(follow) : null
  for (const { control } of controls) {
    observer?.observe(control, { attributes: true, attributeFilter: ['disabled'] })
  }

  const stop = (event: Event) => {
    event.preventDefault()
    event.stopImmediatePropagation()
  }
  form.addEventListener('submit', stop, { capture: true })
  return () => {
    form.removeEventListener('submit', stop, { capture: true })
    if (observer) follow(observer.takeRecords())
    observer?.disconnect()
    for (const control of held) {
      control.disabled = false
      control.removeAttribute(HELD_ATTRIBUTE)
    }
    for (const { control, describedBy } of controls) {
      if (describedBy === null) control.removeAttribute('aria-describedby')
      else control.setAttribute('aria-describedby', describedBy)
    }
  }
}
