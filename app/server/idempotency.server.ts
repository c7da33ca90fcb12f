/**
 * One-time keys for money-moving forms. The loader that shows the form makes
 * a key and the form posts it back in a hidden field: a double tap, a retried
 * post or a back-and-resubmit sends the same key, and the backend creates one
 * order or withdrawal for it (docs/backend-api.md, "Idempotency").
 */
import { randomUUID } from 'node:crypto'

export const IDEMPOTENCY_FIELD = 'idempotencyKey'

/**
 * The backend's IDEMPOTENCY_KEY_REUSED (the key came back with another
 * request): the page is stale. Deposit and withdraw say more of what to do.
 */
export const KEY_REUSED_MESSAGE = 'รายการนี้ถูกส่งไปแล้ว กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง'

/** A post without a readable key: the form is stale (or tampered); the page says to load it again. */
export const STALE_FORM_MESSAGE = 'แบบฟอร์มหมดอายุ กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง'

const KEY = /^[A-Za-z0-9-]{8,64}$/

export function newIdempotencyKey(): string {
  return randomUUID()
}

/** The form's key, or null when it is missing or not a key (a tampered form). */
export function readIdempotencyKey(form: FormData): string | null {
  const value = form.get(IDEMPOTENCY_FIELD)
  return typeof value === 'string' && KEY.test(value) ? value : null
}
