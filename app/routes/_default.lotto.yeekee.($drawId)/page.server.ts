// Post, redirect, get: a reload never shoots twice.
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { drawIdSchema } from '~/backend/lotto.schemas'
import { lottoTypes } from '~/backend/lotto.server'
import { shoot, shotRefusal, yeekeeRound } from '~/backend/yeekee.server'
import { shotSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { bangkokClock, bangkokTime } from '~/lib/thai-date'
import { PAGES } from '~/lib/pages'
import { withDrawText } from '~/lotto/text.server'
import { readFormData } from '~/server/form-data.server'
import {
  newIdempotencyKey,
  readIdempotencyKey,
  STALE_FORM_MESSAGE,
} from '~/server/idempotency.server'
import { httpError } from '~/server/http-error.server'
import { redirectWithToast } from '~/server/toast.server'
import { NOT_FOUND_MESSAGE } from '~/lib/errors'
import type { RouteContext } from '~/security/guard'

const page = PAGES.lottoYeekee

export function validRound({ params }: { params: { drawId?: string } }): boolean {
  if (params.drawId === undefined) return true
  const parsed = drawIdSchema.safeParse(params.drawId)
  return parsed.success && parsed.data.startsWith('yeekee-')
}

const roundPath = (drawId: string) => `${page.path}/${drawId}`

export async function loadPage(ctx: RouteContext) {
  const drawId = ctx.params.drawId
  if (drawId === undefined) {
    const next = (await lottoTypes(ctx.request.signal)).find((t) => t.id === 'yeekee')?.nextDraw
    if (!next) throw httpError(404, NOT_FOUND_MESSAGE)
    const now = Date.now()
    const opensAtMs = Date.parse(next.opensAt)
    // Between two rounds (the last settled or closed early): when the next one opens.
    if (opensAtMs > now) {
      return {
        kind: 'between' as const,
        next: { round: next.round, opensAtMs, opensText: bangkokTime(next.opensAt) },
        now,
      }
    }
    throw redirect(roundPath(next.id))
  }
  const round = await yeekeeRound(ctx, drawId)
  const { label } = withDrawText(round)
  return {
    kind: 'round' as const,
    round: {
      ...round,
      shots: round.shots.map((shot) => ({ ...shot, time: bangkokClock(shot.at) })),
    },
    label,
    closesAtMs: Date.parse(round.closesAt),
    nextShotAtMs: round.nextShotAt ? Date.parse(round.nextShotAt) : null,
    now: Date.now(),
    idempotencyKey: newIdempotencyKey(),
  }
}

export type ShotReply = { result: SubmissionResult<string[]> }

export async function submit(ctx: RouteContext) {
  const drawId = ctx.params.drawId
  if (drawId === undefined) throw httpError(404, NOT_FOUND_MESSAGE)
  const form = await readFormData(ctx.request)
  const submission = parseForm(form, shotSchema)
  if (submission.status !== 'success') {
    return data<ShotReply>({ result: submission.reply() }, { status: 400 })
  }
  const idempotencyKey = readIdempotencyKey(form)
  if (idempotencyKey === null) {
    return data<ShotReply>(
      { result: submission.reply({ formErrors: [STALE_FORM_MESSAGE] }) },
      { status: 400 },
    )
  }
  const number = String(submission.value.number).trim()
  try {
    const { shot } = await shoot(ctx, drawId, { number, idempotencyKey })
    return redirectWithToast(roundPath(drawId), {
      type: 'success',
      message: `ยิงเลข ${shot.number} แล้ว เป็นลำดับที่ ${shot.seq} ของรอบนี้`,
    })
  } catch (error) {
    const refusal = shotRefusal(error)
    if (refusal === null) throw error
    const status = error instanceof BackendError ? error.status : 409
    return data<ShotReply>(
      { result: submission.reply({ fieldErrors: { number: [refusal] } }) },
      { status },
    )
  }
}
