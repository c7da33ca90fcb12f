// A double tap, a retried post or a back-and-resubmit sends the same key: the backend creates one
// order for it (docs/backend-api.md, "Idempotency").
import { randomUUID } from 'node:crypto'

export const IDEMPOTENCY_FIELD = 'idempotencyKey'

export const KEY_REUSED_MESSAGE = 'รายการนี้ถูกส่งไปแล้ว กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง'

export const STALE_FORM_MESSAGE = 'แบบฟอร์มหมดอายุ กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง'

const KEY = /^[A-Za-z0-9-]{8,64}$/

export function newIdempotencyKey(): string {
  return randomUUID()
}

export function readIdempotencyKey(form: FormData): string | null {
  const value = form.get(IDEMPOTENCY_FIELD)
  return typeof value === 'string' && KEY.test(value) ? value : null
}
