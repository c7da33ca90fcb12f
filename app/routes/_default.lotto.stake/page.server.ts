/**
 * The bet slip's server side: the page's data (the type's open draw, its
 * rules, the slip kept in its cookie, a saved set poured in with `?set=`)
 * and every post (add numbers, กลับเลข, 19 ประตู, amounts, remove, clear,
 * review with a fresh idempotency key, place). Each post is checked with
 * zod; a malformed one is a Thai message, never a 500.
 */
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { BackendError, orNotFound } from '~/backend/client.server'
import {
  betKindSchema,
  drawIdSchema,
  lottoIdSchema,
  type BetRule,
  type StakeRefusalCode,
} from '~/backend/lotto.schemas'
import { withDrawText } from '~/lotto/text.server'
import { placeStake, stakeRules } from '~/backend/lotto-stakes.server'
import { stakeSet } from '~/backend/lotto-sets.server'
import { readSlip, saveSlip, type StoredSlip } from '~/lotto/slip-store.server'
import { MALFORMED_FORM_MESSAGE, readFormData } from '~/server/form-data.server'
import {
  MAX_SLIP_LINES,
  REFUSAL_MESSAGES,
  addToSlip,
  amountProblem,
  decodeSlip,
  encodeSlip,
  entryAmountProblem,
  entryPairs,
  entryProblem,
  lineAmount,
  slipAmountProblems,
  slipTotals,
  type SlipLine,
} from '~/lotto/slip'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'

/** The page's validity check: `?lotto=` must look like a lotto id. */
export function validLotto({ url }: { url: URL }): boolean {
  return lottoIdSchema.safeParse(url.searchParams.get('lotto')).success
}

const stakePath = (lottoId: string) => `${PAGES.lottoStake.path}?lotto=${lottoId}`

const rulesOf = (ctx: RouteContext, lottoId: string) => orNotFound(stakeRules(ctx, lottoId))

const SET_NOT_FOUND = 'ไม่พบโพยที่บันทึกไว้นี้ โพยของคุณยังเหมือนเดิม'

/** `?set=ID`: the set's lines poured into the slip, then back to the plain URL with a toast. */
async function pourSet(
  ctx: RouteContext,
  lottoId: string,
  setParam: string,
  slip: StoredSlip,
  limited: Parameters<typeof addToSlip>[3],
): Promise<Response> {
  const { request, cookies } = ctx
  const id = Number(setParam)
  if (!/^\d{1,9}$/.test(setParam) || id <= 0) {
    return redirectWithToast(stakePath(lottoId), { type: 'error', message: SET_NOT_FOUND })
  }
  let set
  try {
    set = await stakeSet(ctx, id)
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) {
      return redirectWithToast(stakePath(lottoId), { type: 'error', message: SET_NOT_FOUND })
    }
    throw error
  }
  let lines = slip.lines
  let refused = 0
  for (const line of set.lines) {
    const amount = lineAmount(String(line.amount)) ?? 1
    const added = addToSlip(lines, [line], amount, limited)
    lines = added.lines
    refused += added.refused.length
  }
  const message =
    `เติมเลขจาก “${set.name}” ลงโพยแล้ว` + (refused > 0 ? ` (ข้ามเลขปิดรับ ${refused} รายการ)` : '')
  cookies.add(...(await saveSlip(request, lottoId, { drawId: slip.drawId, lines })))
  return redirectWithToast(stakePath(lottoId), { type: 'success', message: message.slice(0, 200) })
}

export async function loadPage(ctx: RouteContext) {
  const { request, url } = ctx
  const lottoId = url.searchParams.get('lotto') ?? ''
  const rules = await rulesOf(ctx, lottoId)
  const stored = await readSlip(request, lottoId)
  const drawId = rules.draw?.id ?? stored?.drawId
  const setParam = url.searchParams.get('set')
  if (setParam !== null) {
    if (!drawId) throw redirect(stakePath(lottoId))
    throw await pourSet(
      ctx,
      lottoId,
      setParam,
      { drawId, lines: stored?.lines ?? [] },
      rules.limited,
    )
  }
  return {
    now: Date.now(),
    ...rules,
    draw: rules.draw ? withDrawText(rules.draw) : null,
    lines: stored?.lines ?? [],
    /** The slip was made for a draw that closed since: its lines now go to this one. */
    moved: Boolean(stored && rules.draw && stored.drawId !== rules.draw.id),
  }
}

const text = (max: number) => z.string().max(max)
const entrySchema = z.object({
  intent: z.enum(['add', 'reverse', 'doors']),
  kind: z.array(betKindSchema).max(6),
  number: text(3),
  amount: text(10),
})
const actionSchema = z.discriminatedUnion('intent', [
  entrySchema,
  z.object({ intent: z.literal('amounts'), lineAmount: z.array(text(10)).max(MAX_SLIP_LINES) }),
  z.object({ intent: z.literal('review'), lineAmount: z.array(text(10)).max(MAX_SLIP_LINES) }),
  z.object({ intent: z.literal('remove'), index: z.coerce.number().int().min(0).max(999) }),
  z.object({ intent: z.literal('all'), allAmount: text(10) }),
  z.object({ intent: z.literal('clear') }),
  z.object({
    intent: z.literal('place'),
    key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
    drawId: drawIdSchema,
    slip: text(1_300),
  }),
])

export interface SlipActionData {
  /** A Thai success message. */
  ok?: string
  /** A Thai message for the whole slip or entry. */
  error?: string
  /** Numbers an entry could not add (closed), in Thai. */
  refused?: string[]
  /** Per slip line: the backend's refusal in Thai, or null. */
  lineErrors?: (string | null)[]
  /** The confirmation step: what the member is about to place. */
  review?: {
    key: string
    drawId: string
    slip: string
    total: number
    payout: number
    count: number
  }
  /** The draw takes no more stakes (closed while the slip was open). */
  closed?: boolean
  /** The answer to ยืนยันแทง: the page brings its outcome to where the member looks. */
  placed?: boolean
  /** Lines an entry added (the page clears the number then). */
  added?: number
  /** The kinds the entry chose, kept for the next entry (without JavaScript too). */
  kinds?: string[]
  /** The slip after this post (newer than the loader's without JavaScript). */
  lines?: SlipLine[]
}

function formObject(form: FormData) {
  const strings = (name: string) => form.getAll(name)
  const intent = String(form.get('intent') ?? '')
  const [name, index] = intent.split(':')
  return {
    intent: name,
    index,
    kind: strings('kind'),
    number: form.get('number') ?? '',
    amount: form.get('amount') ?? '',
    allAmount: form.get('allAmount') ?? '',
    lineAmount: strings('lineAmount'),
    key: form.get('key') ?? '',
    drawId: form.get('drawId') ?? '',
    slip: form.get('slip') ?? '',
  }
}

function withAmounts(lines: SlipLine[], amounts: readonly string[]): SlipLine[] | null {
  if (amounts.length !== lines.length) return amounts.length === 0 ? lines : null
  const out: SlipLine[] = []
  for (const [i, line] of lines.entries()) {
    const amount = lineAmount(amounts[i] ?? '')
    if (amount === null) return null
    out.push({ ...line, amount })
  }
  return out
}

/**
 * A 4xx answer to a stake is the backend's clear no: nothing was staked and
 * the same post would be refused again (a 401 is the session's business, a
 * 408 may have been taken).
 */
const isClearRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 401 && status !== 408

/** A line's refusal in Thai: an amount out of range names the kind's limit. */
function refusalText(code: StakeRefusalCode, line: SlipLine, rules: readonly BetRule[]): string {
  if (code === 'AMOUNT_TOO_HIGH' || code === 'AMOUNT_TOO_LOW') {
    return amountProblem(rules, line) ?? REFUSAL_MESSAGES[code]
  }
  return REFUSAL_MESSAGES[code]
}

const AMOUNT_MESSAGE = 'กรอกยอดแทงเป็นจำนวนเต็มบาท ตั้งแต่ 1 บาท'
const LIMITS_MESSAGE = 'บางรายการยอดแทงไม่อยู่ในช่วงที่แทงได้ กรุณาแก้ยอดที่มีข้อความสีแดง'
const LINES_MESSAGE = 'บางรายการในโพยแทงไม่ได้ กรุณาแก้ไขรายการที่มีข้อความสีแดง'
const UNKNOWN_DRAW_MESSAGE =
  'ไม่พบงวดที่โพยนี้จะแทง โพยยังไม่ได้แทงและยังอยู่ครบ กรุณากด “ตรวจสอบและยืนยันโพย” อีกครั้ง'

export async function submit(ctx: RouteContext) {
  const { request, url, cookies } = ctx
  const lottoId = url.searchParams.get('lotto') ?? ''
  const parsed = actionSchema.safeParse(formObject(await readFormData(request)))
  if (!parsed.success) return data<SlipActionData>({ error: MALFORMED_FORM_MESSAGE }, 400)
  const post = parsed.data
  const rules = await rulesOf(ctx, lottoId)
  const stored = await readSlip(request, lottoId)
  const lines = stored?.lines ?? []
  const draw = rules.draw
  if (!draw) return data<SlipActionData>({ closed: true, error: REFUSAL_MESSAGES.DRAW_CLOSED }, 409)
  // Without JavaScript the page's loader runs in this same request, with the
  // cookie as it came in: the answer carries the slip as it now is.
  const save = async (next: SlipLine[], body: SlipActionData, status = 200) => {
    cookies.add(...(await saveSlip(request, lottoId, { drawId: draw.id, lines: next })))
    return data({ ...body, lines: next }, { status })
  }

  switch (post.intent) {
    case 'add':
    case 'reverse':
    case 'doors': {
      const number = post.number.trim()
      const problem = entryProblem(post.kind, number, post.intent)
      const amount = lineAmount(post.amount)
      if (problem) return data<SlipActionData>({ error: problem, kinds: post.kind }, 400)
      if (amount === null) {
        return data<SlipActionData>({ error: AMOUNT_MESSAGE, kinds: post.kind }, 400)
      }
      const pairs = entryPairs(post.kind, number, post.intent)
      const tooMuch = entryAmountProblem(rules.rules, pairs, amount)
      if (tooMuch) return data<SlipActionData>({ error: tooMuch, kinds: post.kind }, 400)
      const added = addToSlip(lines, pairs, amount, rules.limited)
      const count = added.lines.length - lines.length
      const body: SlipActionData = { added: count, refused: added.refused, kinds: post.kind }
      if (added.full) body.error = `โพยหนึ่งใบมีได้ไม่เกิน ${MAX_SLIP_LINES} รายการ`
      else if (pairs.length > added.refused.length) body.ok = `เพิ่ม ${count} รายการลงโพยแล้ว`
      return save(added.lines, body)
    }
    case 'remove':
      return save(
        lines.filter((_, i) => i !== post.index),
        { ok: 'ลบเลขออกจากโพยแล้ว' },
      )
    case 'clear':
      return save([], { ok: 'ล้างโพยแล้ว' })
    case 'all': {
      const amount = lineAmount(post.allAmount)
      if (amount === null) return data<SlipActionData>({ error: AMOUNT_MESSAGE }, 400)
      const tooMuch = entryAmountProblem(rules.rules, lines, amount)
      if (tooMuch) return data<SlipActionData>({ error: tooMuch }, 400)
      return save(
        lines.map((line) => ({ ...line, amount })),
        { ok: `ตั้งยอด ${formatBaht(amount)} ทุกเลขแล้ว` },
      )
    }
    case 'amounts':
    case 'review': {
      const next = withAmounts(lines, post.lineAmount)
      if (!next) return data<SlipActionData>({ error: AMOUNT_MESSAGE }, 400)
      const lineErrors = slipAmountProblems(rules.rules, next)
      if (lineErrors) return save(next, { error: LIMITS_MESSAGE, lineErrors }, 400)
      if (post.intent === 'amounts') return save(next, { ok: 'บันทึกยอดแทงแล้ว' })
      if (next.length === 0) return data<SlipActionData>({ error: 'ยังไม่มีเลขในโพย' }, 400)
      const { total, payout } = slipTotals(rules.rules, rules.limited, next)
      return save(next, {
        review: {
          key: crypto.randomUUID(),
          drawId: draw.id,
          slip: encodeSlip(next),
          total,
          payout,
          count: next.length,
        },
      })
    }
    case 'place': {
      const posted = decodeSlip(post.slip)
      if (!posted || posted.length === 0) {
        return data<SlipActionData>({ error: MALFORMED_FORM_MESSAGE }, 400)
      }
      let answer
      try {
        answer = await placeStake(ctx, {
          drawId: post.drawId,
          idempotencyKey: post.key,
          lines: posted,
        })
      } catch (error) {
        if (error instanceof BackendError && error.code === 'DRAW_CLOSED') {
          return data<SlipActionData>(
            { closed: true, placed: true, error: REFUSAL_MESSAGES.DRAW_CLOSED },
            409,
          )
        }
        // A 4xx is the backend's clear no: nothing was staked, and the same
        // post again would be refused again. The slip stays as posted.
        if (error instanceof BackendError && error.status === 404) {
          return save(posted, { placed: true, error: UNKNOWN_DRAW_MESSAGE }, 404)
        }
        if (error instanceof BackendError && isClearRefusal(error.status)) {
          return save(posted, { placed: true, error: `${error.message} โพยยังไม่ได้แทง` }, 400)
        }
        if (error instanceof BackendError && error.status !== 401) {
          // The backend may have taken it (a timeout, a lost answer): the same
          // confirmation with the same key, so a retry stakes once, never twice.
          const { total, payout } = slipTotals(rules.rules, rules.limited, posted)
          const review = {
            key: post.key,
            drawId: post.drawId,
            slip: post.slip,
            total,
            payout,
            count: posted.length,
          }
          return data<SlipActionData>(
            {
              placed: true,
              error: `${error.message} หากกดยืนยันอีกครั้ง ระบบจะไม่แทงซ้ำ`,
              review,
            },
            503,
          )
        }
        throw error
      }
      if (answer.outcome === 'refused') {
        const lineErrors = posted.map(() => null as string | null)
        const whole: string[] = []
        for (const { line, code } of answer.errors) {
          const at = line === null ? undefined : posted[line]
          if (line !== null && at) lineErrors[line] = refusalText(code, at, rules.rules)
          else whole.push(REFUSAL_MESSAGES[code])
        }
        const error = whole[0] ?? LINES_MESSAGE
        // The slip as posted is kept, so each message sits on its own line.
        return save(posted, { placed: true, error, lineErrors }, 422)
      }
      const { stake } = answer
      return save([], {
        placed: true,
        ok: `แทงหวยสำเร็จ โพยเลขที่ ${stake.id} ยอดแทง ${formatBaht(stake.total)}`,
      })
    }
  }
}
