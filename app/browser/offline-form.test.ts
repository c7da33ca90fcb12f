// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { holdForm } from '~/browser/offline-form'

afterEach(() => {
  document.body.innerHTML = ''
})

function setUp() {
  document.body.innerHTML = `
    <form id="money">
      <input name="amount" />
      <button>ฝาก</button>
      <button type="submit" disabled>รอ</button>
      <button type="button">ล้าง</button>
      <input type="submit" value="ส่ง" aria-describedby="hint" />
    </form>
    <button type="submit" form="money">ยืนยัน</button>
    <p id="hint"></p>`
  const form = document.querySelector('form') as HTMLFormElement
  const control = (selector: string) => document.querySelector(selector) as HTMLButtonElement
  return {
    form,
    plain: control('#money button:not([type])'),
    waiting: control('#money button[disabled]'),
    clear: control('#money button[type="button"]'),
    input: control('#money input[type="submit"]'),
    outside: control('button[form="money"]'),
  }
}

describe('holdForm', () => {
  it('disables every submit button, described by the reason, and gives each its state back', () => {
    const { form, plain, waiting, clear, input, outside } = setUp()
    const release = holdForm(form, 'reason')
    for (const button of [plain, waiting, input, outside]) expect(button.disabled).toBe(true)
    expect(clear.disabled).toBe(false)
    expect(plain.getAttribute('aria-describedby')).toBe('reason')
    expect(input.getAttribute('aria-describedby')).toBe('hint reason')
    release()
    expect(plain.disabled).toBe(false)
    expect(waiting.disabled).toBe(true)
    expect(outside.disabled).toBe(false)
    expect(plain.hasAttribute('aria-describedby')).toBe(false)
    expect(input.getAttribute('aria-describedby')).toBe('hint')
  })

  it('stops a submit (Enter in a field) while held, and lets it through after', () => {
    const { form } = setUp()
    let submitted = 0
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      submitted += 1
    })
    const release = holdForm(form, 'reason')
    const held = new Event('submit', { cancelable: true })
    form.dispatchEvent(held)
    expect(held.defaultPrevented).toBe(true)
    expect(submitted).toBe(0)
    release()
    form.dispatchEvent(new Event('submit', { cancelable: true }))
    expect(submitted).toBe(1)
  })
})

describe('holdForm and the disabled state React owns', () => {
  it('leaves disabled a button that was disabled before the hold', () => {
    const { form, waiting } = setUp()
    const release = holdForm(form, 'reason')
    expect(waiting.hasAttribute('data-offline-held')).toBe(false)
    release()
    expect(waiting.disabled).toBe(true)
  })

  it('enables after the hold a button it disabled itself', () => {
    const { form, plain, outside } = setUp()
    const release = holdForm(form, 'reason')
    expect(plain.hasAttribute('data-offline-held')).toBe(true)
    release()
    expect(plain.disabled).toBe(false)
    expect(outside.disabled).toBe(false)
    expect(plain.hasAttribute('data-offline-held')).toBe(false)
  })

  it('leaves disabled a button React disables while held (a draw closing offline)', async () => {
    const { form, plain, outside } = setUp()
    const release = holdForm(form, 'reason')
    // React writes a `disabled` prop that became true as an attribute.
    plain.setAttribute('disabled', '')
    await Promise.resolve()
    outside.setAttribute('disabled', '') // not yet seen by the observer when released
    release()
    expect(plain.disabled).toBe(true)
    expect(outside.disabled).toBe(true)
  })

  it('keeps held, then enables, a button React enables while held (busy ended offline)', async () => {
    const { form, waiting } = setUp()
    const release = holdForm(form, 'reason')
    waiting.removeAttribute('disabled')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(waiting.disabled).toBe(true)
    expect(waiting.hasAttribute('data-offline-held')).toBe(true)
    release()
    expect(waiting.disabled).toBe(false)
  })
})
