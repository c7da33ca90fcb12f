// The member's unpaid orders are listed above the form, so coming back (Back) leads to the order
// already made rather than to a second one.
import { data, redirect } from '@remix-run/node'
import { appConfig } from '~/backend/config.server'
import type { Order } from '~/backend/orders.schemas'
import { createDeposit, depositFieldError, memberOrders } from '~/backend/orders.server'
import { BackendError } from '~/backend/client.server'
import { checkDeposit, DEPOSIT_MESSAGES, prefilledAmount } from '~/wallet/deposit-form'
import type { AmountLimits } from '~/lib/amount'
import type { DepositErrors } from '~/lib/deposit-limits'
import { newIdempotencyKey, readIdempotencyKey } from '~/server/idempotency.server'
import { PAGES } from '~/lib/pages'
import type { RouteContext } from '~/security/guard'

const PENDING_SHOWN = 3

export interface PendingOrder {
  id: number
  amount: number
  method: Order['method']
}

export async function loadDeposit(ctx: RouteContext) {
  const [config, pending] = await Promise.all([
    appConfig(ctx.request.signal),
    memberOrders(ctx).then(
      (orders): { orders: PendingOrder[] } | { error: string } => ({
        orders: orders
          .filter((order) => order.status === 'pending')
          .slice(0, PENDING_SHOWN)
          .map(({ id, amount, method }) => ({ id, amount, method })),
      }),
      (error: unknown) => {
        if (!(error instanceof BackendError)) throw error
        return { error: error.message }
      },
    ),
  ])
  const { min, max } = config.limits.deposit
  return {
    idempotencyKey: newIdempotencyKey(),
    limits: { min, max },
    pending,
    // A quick amount chosen without JavaScript (a link to `?tab=deposit&amount=300`).
    amount: prefilledAmount(new URL(ctx.request.url)),
  }
}

export interface DepositReply {
  errors: DepositErrors
  values: { amount: string; method: string }
}

function refused(reply: DepositReply, status: number) {
  return data({ deposit: reply }, { status })
}

export async function depositAction(ctx: RouteContext, form: FormData) {
  const config = await appConfig(ctx.request.signal)
  const limits: AmountLimits = config.limits.deposit
  const amount = form.get('amount')
  const method = form.get('method')
  const values = {
    amount: typeof amount === 'string' ? amount.slice(0, 20) : '',
    method: typeof method === 'string' ? method.slice(0, 20) : '',
  }
  const checked = checkDeposit({ amount, method }, limits)
  if ('errors' in checked) return refused({ errors: checked.errors, values }, 400)
  const idempotencyKey = readIdempotencyKey(form)
  if (!idempotencyKey)
    return refused({ errors: { form: DEPOSIT_MESSAGES.keyMissing }, values }, 400)
  try {
    const order = await createDeposit(ctx, { ...checked.values, idempotencyKey })
    // Straight to what to pay: the QR or the account number (not the order's status first).
    return redirect(`${PAGES.orderPayment.path}/${order.id}`)
  } catch (error) {
    const errors = depositFieldError(error, limits)
    if (errors)
      return refused({ errors, values }, error instanceof BackendError ? error.status : 400)
    if (error instanceof BackendError)
      return refused({ errors: { form: error.message }, values }, 502)
    throw error
  }
}
