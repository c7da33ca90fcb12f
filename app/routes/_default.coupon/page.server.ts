// Post, redirect, get: a reload never redeems twice. Wrong codes are limited per member and per
// address (~/limits/coupon-limits.server); past the limit the backend is not asked.
import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { BackendError, orMessage } from '~/backend/client.server'
import {
  couponRedemptions,
  couponRefusal,
  isCouponGuess,
  redeemCoupon,
} from '~/backend/coupon.server'
import type { CouponRedemption } from '~/backend/rewards.schemas'
import { normalizeCouponCode } from '~/lib/coupon-code'
import { couponSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import {
  newIdempotencyKey,
  readIdempotencyKey,
  STALE_FORM_MESSAGE,
} from '~/server/idempotency.server'
import { readFormData } from '~/server/form-data.server'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { thaiMoment } from '~/content/rewards-text.server'
import { redirectWithToast } from '~/server/toast.server'
import { couponAttempt, couponLimitMessage } from '~/limits/coupon-limits.server'
import type { RouteContext } from '~/security/guard'
import { memberIdOf } from '~/session/member-api.server'
import { retryAfterHeader } from '~/limits/rate-limit.server'

export interface RedemptionRow {
  id: string
  code: string
  title: string
  gave: string[]
  at: string
  iso: string
}

export function rewardLines(reward: CouponRedemption['reward']): string[] {
  const lines: string[] = []
  if (reward.credit > 0) lines.push(`เครดิต ${formatBaht(reward.credit)}`)
  if (reward.bonus > 0) lines.push(`โบนัส ${formatBaht(reward.bonus)}`)
  if (reward.spinTickets > 0) lines.push(`ตั๋วเกมลุ้นรางวัล ${reward.spinTickets} ใบ`)
  return lines.length > 0 ? lines : ['สิทธิพิเศษ']
}

const row = (r: CouponRedemption): RedemptionRow => ({
  id: r.id,
  code: r.code,
  title: r.title,
  gave: rewardLines(r.reward),
  at: thaiMoment(r.redeemedAt),
  iso: r.redeemedAt,
})

export async function loadPage(ctx: RouteContext) {
  const { url } = ctx
  const history = await orMessage(couponRedemptions(ctx))
  const rows = (history.value ?? []).map(row)
  const redeemedId = url.searchParams.get('redeemed')
  return {
    idempotencyKey: newIdempotencyKey(),
    history: rows,
    historyError: history.error,
    redeemed: rows.find((r) => r.id === redeemedId) ?? null,
  }
}

export type CouponReply = { result: SubmissionResult<string[]> }

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const form = await readFormData(request)
  const submission = parseForm(form, couponSchema)
  if (submission.status !== 'success') {
    return data<CouponReply>({ result: submission.reply() }, { status: 400 })
  }
  const code = normalizeCouponCode(submission.value.code)
  const idempotencyKey = readIdempotencyKey(form)
  if (code === null || idempotencyKey === null) {
    return data<CouponReply>(
      { result: submission.reply({ formErrors: [STALE_FORM_MESSAGE] }) },
      { status: 400 },
    )
  }
  const attempt = await couponAttempt(request, await memberIdOf(ctx))
  if (attempt.waitMs > 0) {
    return data<CouponReply>(
      { result: submission.reply({ formErrors: [couponLimitMessage(attempt.waitMs)] }) },
      { status: 429, headers: retryAfterHeader(attempt.waitMs) },
    )
  }
  try {
    const { redemption } = await redeemCoupon(ctx, { code, idempotencyKey })
    await attempt.release()
    return redirectWithToast(`${PAGES.coupon.path}?redeemed=${encodeURIComponent(redemption.id)}`, {
      type: 'success',
      message: `ใช้คูปอง ${redemption.code} แล้ว ได้รับ${rewardLines(redemption.reward).join(' ')}`,
    })
  } catch (error) {
    const refusal = couponRefusal(error)
    // Only a refused code counts as a wrong attempt; on the address, only a guess.
    if (refusal === null) await attempt.release()
    else if (!isCouponGuess(error)) await attempt.noGuess()
    if (refusal !== null) {
      return data<CouponReply>(
        { result: submission.reply({ fieldErrors: { code: [refusal] } }) },
        { status: 409 },
      )
    }
    // The backend could not answer: its Thai message on the form, the page stays.
    if (error instanceof BackendError && error.status >= 500) {
      return data<CouponReply>(
        { result: submission.reply({ formErrors: [error.message] }) },
        { status: 503 },
      )
    }
    throw error
  }
}
