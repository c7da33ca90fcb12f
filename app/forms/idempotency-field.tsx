import { useEffect, useId, useRef } from 'react'
import { holdForm } from '~/browser/offline-form'
import { useOnline } from '~/browser/online'

export const OFFLINE_FORM_TEXT = 'ออฟไลน์อยู่ จึงยังทำรายการนี้ไม่ได้ — เชื่อมต่ออินเทอร์เน็ตแล้วลองอีกครั้ง'

/**
 * The hidden one-time key of a money-moving form (app/server/idempotency.server.ts).
 * Every form that moves money has one, so it also holds its form while the
 * tab is offline: the submit buttons are disabled with the Thai reason
 * beside the key, and come back when the network does (browser/offline-form.ts,
 * docs/decisions/0143).
 */
export function IdempotencyField({
  value,
  name = 'idempotencyKey',
}: {
  value: string
  /** The field's name where the action reads another (the bet slip's `key`). */
  name?: string
}) {
  const online = useOnline()
  const input = useRef<HTMLInputElement>(null)
  const reasonId = useId()
  useEffect(() => {
    const form = input.current?.form
    if (online || !form) return
    return holdForm(form, reasonId)
  }, [online, reasonId])
  return (
    <>
      <input ref={input} type="hidden" name={name} value={value} />
      {online ? null : (
        <p id={reasonId} role="alert" className="col-span-full text-sm font-bold text-amber-200">
          {OFFLINE_FORM_TEXT}
        </p>
      )}
    </>
  )
}
