// Plain posts: works without JavaScript. The key made by the loader is carried through the review,
// so a double tap or a resubmit is one withdrawal; the backend's refusal codes land on the amount.
import { BackendError, orMessage } from '~/backend/client.server'
import { appConfig } from '~/backend/config.server'
import {
  placeWithdrawal,
  withdrawAmountError,
  withdrawInfo,
  WITHDRAW_MESSAGES,
} from '~/backend/wallet.server'
import type { Transaction, WithdrawInfo } from '~/backend/wallet.schemas'
import { MALFORMED_FORM_MESSAGE } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { newIdempotencyKey, readIdempotencyKey } from '~/server/idempotency.server'
import { formatThaiMoment } from '~/lib/thai-date-format'
import { maskAccount } from '~/lib/mask'
import { isBlankAmount, parseWholeBaht } from '~/lib/money'
import { checkAmount, type AmountProblem } from '../../wallet/withdraw-rules'
import type { RouteContext } from '~/security/guard'

/** Never the whole number. */
function shownInfo(info: WithdrawInfo) {
  return {
    account: info.account && {
      bankName: info.account.bankName,
      accountName: info.account.accountName,
      accountNumber: maskAccount(info.account.accountNumber),
    },
    dailyLimit: info.dailyLimit,
    dailyLeft: info.dailyLeft,
  }
}

export async function loadWithdraw(ctx: RouteContext) {
  const [config, info] = await Promise.all([
    appConfig(ctx.request.signal),
    orMessage(withdrawInfo(ctx)),
  ])
  return {
    idempotencyKey: newIdempotencyKey(),
    limits: config.limits.withdraw,
    info: info.value && shownInfo(info.value),
    error: info.error,
  }
}

function problemMessage(problem: AmountProblem): string {
  switch (problem.problem) {
    case 'required':
      return WITHDRAW_MESSAGES.required
    case 'wholeBaht':
      return WITHDRAW_MESSAGES.wholeBaht
    case 'balanceLow':
      return WITHDRAW_MESSAGES.balanceLow
    case 'tooLow':
      return WITHDRAW_MESSAGES.tooLow(problem.limit)
    case 'tooHigh':
      return WITHDRAW_MESSAGES.tooHigh(problem.limit)
    case 'dailyLimit':
      return WITHDRAW_MESSAGES.dailyLimit(problem.limit)
  }
}

export type WithdrawReply =
  | {
      form: 'withdraw'
      stage: 'edit'
      amount: string
      idempotencyKey: string
      error: string | null
    }
  | { form: 'withdraw'; stage: 'review'; amount: number; idempotencyKey: string }
  | {
      form: 'withdraw'
      stage: 'done'
      withdrawal: Pick<Transaction, 'id' | 'amount' | 'status'> & { atText: string }
    }

export async function withdrawAction(ctx: RouteContext, form: FormData): Promise<WithdrawReply> {
  const intent = form.get('intent')
  const idempotencyKey = readIdempotencyKey(form)
  if (!idempotencyKey) throw httpError(400, MALFORMED_FORM_MESSAGE)
  const raw = form.get('amount')
  const typed = typeof raw === 'string' ? raw.slice(0, 20) : ''
  const edit = (error: string | null): WithdrawReply => ({
    form: 'withdraw',
    stage: 'edit',
    amount: typed,
    idempotencyKey,
    error,
  })
  if (intent === 'withdraw-edit') return edit(null)
  if (intent !== 'withdraw-review' && intent !== 'withdraw-confirm') {
    throw httpError(400, MALFORMED_FORM_MESSAGE)
  }

  const config = await appConfig(ctx.request.signal)
  const limits = config.limits.withdraw
  if (intent === 'withdraw-review') {
    let info: WithdrawInfo
    try {
      info = await withdrawInfo(ctx)
    } catch (error) {
      if (error instanceof BackendError) return edit(error.message)
      throw error
    }
    if (!info.account) return edit(WITHDRAW_MESSAGES.noBankAccount)
    const checked = checkAmount(raw, { limits, balance: info.balance, dailyLeft: info.dailyLeft })
    if ('problem' in checked) return edit(problemMessage(checked))
    return { form: 'withdraw', stage: 'review', amount: checked.amount, idempotencyKey }
  }

  // The confirmation goes straight to the backend: a repeat of a confirmed
  // post must get the same withdrawal back, not be judged on the lowered balance.
  if (isBlankAmount(raw)) return edit(WITHDRAW_MESSAGES.required)
  const amount = parseWholeBaht(raw)
  if (amount === null) return edit(WITHDRAW_MESSAGES.wholeBaht)
  try {
    const { withdrawal } = await placeWithdrawal(ctx, { amount, idempotencyKey })
    return {
      form: 'withdraw',
      stage: 'done',
      withdrawal: {
        id: withdrawal.id,
        amount: withdrawal.amount,
        // pending as placed; a repeated key may answer it failed (given back) or paid.
        status: withdrawal.status,
        atText: formatThaiMoment(withdrawal.at),
      },
    }
  } catch (error) {
    const dailyLeft =
      error instanceof BackendError && error.code === 'DAILY_LIMIT'
        ? await withdrawInfo(ctx).then(
            (fresh) => fresh.dailyLeft,
            () => null,
          )
        : null
    const message = withdrawAmountError(error, limits, dailyLeft)
    if (message) return edit(message)
    // Down or unsure: the same key may be posted again safely (one withdrawal per key).
    if (error instanceof BackendError) return edit(error.message)
    throw error
  }
}
