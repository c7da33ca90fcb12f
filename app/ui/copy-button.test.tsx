// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CopyButton } from '~/ui/copy-button'

const notify = vi.hoisted(() => vi.fn())
vi.mock('~/ui/toast-host', () => ({ notify }))

const writeText = vi.fn<(text: string) => Promise<void>>()

beforeEach(() => {
  writeText.mockReset()
  notify.mockReset()
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('CopyButton', () => {
  it('beside a text: copies, says so on the button and in a toast', async () => {
    writeText.mockResolvedValue()
    render(<CopyButton text="1234567890" label="คัดลอกเลขที่บัญชี" />)
    const button = screen.getByRole('button', { name: 'คัดลอกเลขที่บัญชี' })
    expect(button.className).not.toContain('invisible')
    await act(async () => fireEvent.click(button))
    expect(writeText).toHaveBeenCalledWith('1234567890')
    expect(button.textContent).toBe('คัดลอกแล้ว')
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: 'คัดลอกแล้ว' })
  })

  it('with a status: the result is a line under the button, gone after 3 s, and no toast', async () => {
    vi.useFakeTimers()
    writeText.mockRejectedValueOnce(new Error('denied')).mockResolvedValueOnce()
    const status = { copied: 'คัดลอกลิงก์แล้ว', failed: 'คัดลอกไม่สำเร็จ' }
    render(<CopyButton text="https://x/register?ref=A" label="คัดลอกลิงก์" status={status} />)
    const button = screen.getByRole('button', { name: 'คัดลอกลิงก์' })
    await act(async () => fireEvent.click(button))
    expect(screen.getByRole('status').textContent).toBe('คัดลอกไม่สำเร็จ')
    await act(async () => fireEvent.click(button))
    expect(screen.getByRole('status').textContent).toBe('คัดลอกลิงก์แล้ว')
    expect(notify).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(3000))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('stays hidden where there is no clipboard to copy to', () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
    const { container } = render(<CopyButton text="x" label="คัดลอกรหัสเชิญ" />)
    const button = container.querySelector('button')
    expect(button?.className).toContain('invisible')
    expect(button?.getAttribute('aria-hidden')).toBe('true')
  })
})
