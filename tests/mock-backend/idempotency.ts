/**
 * Idempotent posts in the demo backend: the first answer to a member's key
 * is remembered, and the same key with the same request gets the same answer
 * again (a double tap, a retried post, a back-and-resubmit: one order, one
 * withdrawal). The same key with a different request is a 409
 * IDEMPOTENCY_KEY_REUSED. A refused request (an ApiError) is not remembered:
 * the member may correct it and post again with the same key.
 */
import { ApiError } from './http'

export class IdempotentReplies<T> {
  #answers = new Map<string, { request: string; answer: T }>()

  reset(): void {
    this.#answers.clear()
  }

  /** The answer for `key`: the remembered one, or `make()`'s (remembered when it succeeds). */
  once(memberId: number, key: string, request: unknown, make: () => T): T {
    const id = `${memberId}:${key}`
    const fingerprint = JSON.stringify(request)
    const earlier = this.#answers.get(id)
    if (earlier) {
      if (earlier.request !== fingerprint) {
        throw new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'This key was used for another request')
      }
      return earlier.answer
    }
    const answer = make()
    this.#answers.set(id, { request: fingerprint, answer })
    return answer
  }
}
