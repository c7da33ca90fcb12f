// Holds a money form while offline (docs/decisions/0143). React owns `disabled`: the hold marks
// only the buttons it disabled, and a button React disables or enables meanwhile changes hands.
export const HELD_ATTRIBUTE = 'data-offline-held'

type Submitter = HTMLButtonElement | HTMLInputElement

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
