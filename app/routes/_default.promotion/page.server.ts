// Accepting is a post; eligibility is the backend's.
import { data } from '@remix-run/node'
import { BackendError, orMessage } from '~/backend/client.server'
import { contentPart, listPromotions } from '~/backend/content.server'
import type { Promotion } from '~/backend/content.schemas'
import {
  acceptPromotion,
  memberPromotions,
  PROMOTION_MESSAGES,
  promotionRefusal,
} from '~/backend/promotions.server'
import type { MemberPromotion } from '~/backend/rewards.schemas'
import { errorMessage, NOT_FOUND_MESSAGE } from '~/lib/errors'
import { httpError } from '~/server/http-error.server'
import { newIdempotencyKey, readIdempotencyKey } from '~/server/idempotency.server'
import { readFormData } from '~/server/form-data.server'
import { logWarning } from '~/server/log.server'
import { PAGES } from '~/lib/pages'
import { thaiLongDay, thaiMoment } from '~/content/rewards-text.server'
import { redirectWithToast } from '~/server/toast.server'
import { memberPart, type RouteContext } from '~/security/guard'
import { thaiDay } from '~/content/content-text.server'

const PROMOTION_ID = /^[A-Za-z0-9_-]{1,64}$/

export interface PromotionItem {
  id: string
  title: string
  summary: string
  image: string
  period: string
  acceptable: boolean
}

export interface PromotionDetail extends PromotionItem {
  terms: string[]
  dates: string
}

export interface Progress {
  promotionId: string
  title: string
  status: MemberPromotion['status']
  done: number
  required: number
  percent: number
  acceptedAt: string
}

const item = (p: Promotion): PromotionItem => ({
  id: p.id,
  title: p.title,
  summary: p.summary,
  image: p.image,
  period: p.endsAt ? `ถึง ${thaiDay(p.endsAt)}` : `ตั้งแต่ ${thaiDay(p.startsAt)}`,
  acceptable: p.acceptable,
})

const detail = (p: Promotion): PromotionDetail => ({
  ...item(p),
  terms: p.terms,
  dates: p.endsAt
    ? `${thaiLongDay(p.startsAt)} – ${thaiLongDay(p.endsAt)}`
    : `ตั้งแต่ ${thaiLongDay(p.startsAt)} (ไม่มีวันสิ้นสุด)`,
})

export function progressOf(entry: MemberPromotion): Progress {
  const required = entry.turnoverRequired
  const done = Math.min(entry.turnoverDone, required)
  return {
    promotionId: entry.promotionId,
    title: entry.title,
    status: entry.status,
    done,
    required,
    percent: required > 0 ? Math.floor((done / required) * 100) : 100,
    acceptedAt: thaiMoment(entry.acceptedAt),
  }
}

/** A malformed one is the 404 page. */
function idOf(url: URL): string | null {
  const id = url.searchParams.get('id')
  if (id === null) return null
  if (!PROMOTION_ID.test(id)) throw httpError(404, NOT_FOUND_MESSAGE)
  return id
}

export async function loadPage(ctx: RouteContext) {
  const { request, url, session, requestId } = ctx
  const id = idOf(url)
  const [list, mine] = await Promise.all([
    contentPart(listPromotions(request.signal), (error) =>
      logWarning(`promotions not shown: ${errorMessage(error)}`, requestId),
    ),
    memberPart(ctx, () => orMessage(memberPromotions(ctx))),
  ])
  const promotions = list.ok ? list.items : null
  const listError = list.ok ? null : list.message
  const found = id !== null && promotions ? promotions.find((p) => p.id === id) : undefined
  // A promotion that is not (or no longer) offered: the 404 page.
  if (id !== null && promotions && !found) throw httpError(404, NOT_FOUND_MESSAGE)
  return {
    promotions: (promotions ?? []).map(item),
    listError,
    detail: found ? detail(found) : null,
    mine: mine?.value?.map(progressOf) ?? null,
    mineError: mine?.error ?? null,
    idempotencyKey: session.loggedIn ? newIdempotencyKey() : null,
  }
}

export type AcceptReply = { error: string }

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const form = await readFormData(request)
  const promotionId = form.get('promotionId')
  const idempotencyKey = readIdempotencyKey(form)
  if (typeof promotionId !== 'string' || !PROMOTION_ID.test(promotionId) || !idempotencyKey) {
    return data<AcceptReply>({ error: PROMOTION_MESSAGES.gone }, { status: 400 })
  }
  try {
    const accepted = await acceptPromotion(ctx, promotionId, idempotencyKey)
    return redirectWithToast(`${PAGES.promotion.path}?id=${encodeURIComponent(promotionId)}`, {
      type: 'success',
      message: `รับโปรโมชั่น "${accepted.title}" แล้ว`,
    })
  } catch (error) {
    const refusal = promotionRefusal(error)
    if (refusal !== null) return data<AcceptReply>({ error: refusal }, { status: 409 })
    if (error instanceof BackendError && error.status >= 500) {
      return data<AcceptReply>({ error: error.message }, { status: 503 })
    }
    throw error
  }
}
