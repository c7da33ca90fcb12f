// The backend pays a period once and a key once: a double tap or a resubmit never pays twice.
import { data } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import {
  CASHBACK_MESSAGES,
  cashbackOverview,
  cashbackRefusal,
  claimCashback,
} from '~/backend/cashback.server'
import type { CashbackStatus } from '~/backend/rewards.schemas'
import { newIdempotencyKey, readIdempotencyKey } from '~/server/idempotency.server'
import { readFormData } from '~/server/form-data.server'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { cashbackPeriodLabel, thaiMoment } from '~/content/rewards-text.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'

export interface PeriodRow {
  id: string
  label: string
  loss: number
  rate: number
  amount: number
  status: CashbackStatus
  until: string | null
}

export interface ClaimRow {
  id: string
  period: string
  amount: number
  at: string
  iso: string
}

export async function loadPage(ctx: RouteContext) {
  const { periods, claims } = await cashbackOverview(ctx)
  const labels = new Map(periods.map((p) => [p.id, cashbackPeriodLabel(p)]))
  const rows: PeriodRow[] = periods.map((p) => ({
    id: p.id,
    label: labels.get(p.id) ?? p.id,
    loss: p.loss,
    rate: p.rate,
    amount: p.amount,
    status: p.status,
    // The backend gives the first moment it is no longer claimable: show the minute before.
    until: p.claimableUntil ? thaiMoment(Date.parse(p.claimableUntil) - 60_000) : null,
  }))
  const claimRows: ClaimRow[] = claims.map((c) => ({
    id: c.id,
    period: labels.get(c.periodId) ?? c.periodId,
    amount: c.amount,
    at: thaiMoment(c.claimedAt),
    iso: c.claimedAt,
  }))
  return {
    idempotencyKey: newIdempotencyKey(),
    periods: rows,
    claims: claimRows,
    claimable: rows.filter((r) => r.status === 'claimable').reduce((sum, r) => sum + r.amount, 0),
    rate: periods[0]?.rate ?? null,
  }
}

export type ClaimReply = { periodId: string; error: string }

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const form = await readFormData(request)
  const periodId = form.get('periodId')
  const idempotencyKey = readIdempotencyKey(form)
  if (typeof periodId !== 'string' || !/^[A-Za-z0-9-]{1,32}$/.test(periodId) || !idempotencyKey) {
    return data<ClaimReply>(
      { periodId: '', error: CASHBACK_MESSAGES.unknownPeriod },
      { status: 400 },
    )
  }
  try {
    const { claim } = await claimCashback(ctx, { periodId, idempotencyKey })
    return redirectWithToast(PAGES.cashback.path, {
      type: 'success',
      message: `รับยอดคืน ${formatBaht(claim.amount)} เข้ากระเป๋าแล้ว`,
    })
  } catch (error) {
    const refusal = cashbackRefusal(error)
    if (refusal !== null) return data<ClaimReply>({ periodId, error: refusal }, { status: 409 })
    if (error instanceof BackendError && error.status >= 500) {
      return data<ClaimReply>({ periodId, error: error.message }, { status: 503 })
    }
    throw error
  }
}
