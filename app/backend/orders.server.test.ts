import { describe, expect, it } from 'vitest'
import { BackendError } from '~/backend/client.server'
import { depositFieldError } from '~/backend/orders.server'

const limits = { min: 100, max: 50_000 }
const refusal = (status: number, code: string) => new BackendError(status, code, 'ข้อความ')

describe('depositFieldError', () => {
  it('puts each refusal on its field in Thai', () => {
    expect(depositFieldError(refusal(400, 'DEPOSIT_AMOUNT_TOO_LOW'), limits)).toEqual({
      amount: 'ฝากขั้นต่ำครั้งละ ฿100.00',
    })
    expect(depositFieldError(refusal(400, 'DEPOSIT_AMOUNT_TOO_HIGH'), limits)).toEqual({
      amount: 'ฝากได้สูงสุดครั้งละ ฿50,000.00',
    })
    expect(depositFieldError(refusal(409, 'DEPOSIT_METHOD_CLOSED'), limits)).toHaveProperty(
      'method',
    )
    expect(depositFieldError(refusal(409, 'TOO_MANY_PENDING_ORDERS'), limits)).toHaveProperty(
      'form',
    )
    expect(depositFieldError(refusal(409, 'IDEMPOTENCY_KEY_REUSED'), limits)).toHaveProperty('form')
  })

  it('leaves anything else to the caller', () => {
    expect(depositFieldError(refusal(500, 'INTERNAL'), limits)).toBeNull()
    expect(depositFieldError(new Error('x'), limits)).toBeNull()
  })
})
