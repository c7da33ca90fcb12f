// The referral link uses this site's origin so it works wherever the app runs; one idempotency
// key per shown form, so a double tap withdraws once.
import { data } from '@remix-run/node'
import { affiliate, withdrawCommission, withdrawRefusal } from '~/backend/affiliate.server'
import { BAD_REQUEST_MESSAGE } from '~/lib/errors'
import { readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { newIdempotencyKey, readIdempotencyKey } from '~/server/idempotency.server'
import { maskName } from '~/lib/mask'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { formatThaiDay } from '~/lib/thai-date-format'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import { publicOrigin } from '~/session/line.server'

export const SHARE_TEXT = 'มาสมัครสมาชิกด้วยกัน สมัครง่าย ฝาก-ถอนไว ผ่านลิงก์นี้เลย'

export interface AffiliateView {
  code: string
  link: string
  shareUrl: string
  ratePercent: number
  referred: { name: string; joined: string; active: boolean }[]
  periods: { month: string; turnover: number; commission: number }[]
  available: number
  withdrawn: number
  idempotencyKey: string
}

export type AffiliateReply = { error: string }

export function referralLink(origin: string, code: string): string {
  return `${origin}${PAGES.register.path}?ref=${encodeURIComponent(code)}`
}

export function lineShareUrl(link: string): string {
  return `https://line.me/R/share?text=${encodeURIComponent(`${SHARE_TEXT} ${link}`)}`
}

export async function loadPage(ctx: RouteContext): Promise<AffiliateView> {
  const { request } = ctx
  const program = await affiliate(ctx)
  const link = referralLink(publicOrigin(request), program.code)
  return {
    code: program.code,
    link,
    shareUrl: lineShareUrl(link),
    ratePercent: program.ratePercent,
    referred: program.referred.map((r) => ({
      name: maskName(r.name),
      joined: formatThaiDay(r.joinedAt, 'd MMM BBBB'),
      active: r.active,
    })),
    periods: program.periods.map((p) => ({ ...p, month: formatThaiDay(p.month, 'MMMM BBBB') })),
    available: program.available,
    withdrawn: program.withdrawn,
    idempotencyKey: newIdempotencyKey(),
  }
}

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const form = await readFormData(request)
  const key = readIdempotencyKey(form)
  if (form.get('intent') !== 'withdraw' || !key) throw httpError(400, BAD_REQUEST_MESSAGE)
  try {
    const { amount } = await withdrawCommission(ctx, key)
    return redirectWithToast(PAGES.affiliate.path, {
      type: 'success',
      message: `ถอนค่าคอมมิชชัน ${formatBaht(amount)} เข้ากระเป๋าเงินแล้ว`,
    })
  } catch (error) {
    const message = withdrawRefusal(error)
    if (!message) throw error
    return data<AffiliateReply>({ error: message }, 409)
  }
}
