// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { IdempotencyField } from '~/forms/idempotency-field'

/** A money form whose button React disables while busy or once its draw closed. */
function Slip({ busy = false, closed = false }: { busy?: boolean; closed?: boolean }) {
  return (
    <form>
      <IdempotencyField value="key-1" />
      <button type="submit" disabled={busy || closed}>
        ยืนยัน
      </button>
    </form>
  )
}

function network(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

const button = () => screen.getByRole('button', { name: 'ยืนยัน' }) as HTMLButtonElement

afterEach(() => {
  cleanup()
  network(true)
})

describe('a money form held offline, with React changing its button meanwhile', () => {
  it('stays disabled back online when its draw closed while offline', async () => {
    const view = render(<Slip />)
    network(false)
    expect(button().disabled).toBe(true)
    view.rerender(<Slip closed />)
    await act(async () => {})
    network(true)
    expect(button().disabled).toBe(true)
  })

  it('is enabled back online when its wait ended while offline', async () => {
    const view = render(<Slip busy />)
    network(false)
    view.rerender(<Slip />)
    await act(async () => {})
    expect(button().disabled).toBe(true)
    network(true)
    expect(button().disabled).toBe(false)
  })
})
