/**
 * The saved sets pages' server side: what each page shows, and every post
 * (one `intent` per form). Every refusal answers with a Thai message on the
 * form it came from; every success redirects (post, redirect, get), so a
 * reload never posts twice. A numeric id that is not one of the member's
 * sets is the 404 page, as a malformed one is
 * (docs/decisions/0061-saved-sets-pages.md).
 */
import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { BackendError, orMessage, orNotFound } from '~/backend/client.server'
import {
  createStakeSet,
  deleteStakeSet,
  stakeSet,
  stakeSets,
  updateStakeSet,
} from '~/backend/lotto-sets.server'
import { lottoTypes } from '~/backend/lotto.server'
import type { StakeLine, StakeSet } from '~/backend/lotto.schemas'
import { addLineSchema, setNameSchema } from '~/forms/schemas'
import {
  expandEntry,
  lineKey,
  lineLabel,
  mergeLines,
  SET_LIMITS,
  SET_MESSAGES,
  type Helper,
} from '~/forms/stake-set-forms'
import { parseForm } from '~/forms/zod'
import { BAD_REQUEST_MESSAGE, NOT_FOUND_MESSAGE } from '~/lib/errors'
import { readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { isBetKind } from '~/lib/lotto-numbers'
import { parseWholeBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { bangkokDay, bangkokTime, formatThaiShortDay } from '~/lib/thai-date-format'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'

export type SetsView =
  | {
      kind: 'list'
      sets: StakeSet[]
      /** "แก้ไขล่าสุด" of each set in Thai, by id, made here (no date-fns in the browser). */
      updated: Record<number, string>
    }
  | {
      kind: 'set'
      set: StakeSet
      updated: Record<number, string>
      confirmDelete: boolean
      /** The lotto types a set can be played on ("ใช้ชุดนี้"), or the reason there are none. */
      types: { id: string; name: string }[]
      typesError: string | null
    }

/** The form a refusal belongs to, and what it says. */
export type SetsReply =
  | { form: 'create' | 'rename' | 'add'; result: SubmissionResult<string[]> }
  | { form: 'lines' | 'delete'; error: string }

const listPath = PAGES.lottoStakeSet.path
const setPath = (id: number) => `${listPath}/${id}`

function setIdOf(params: RouteContext['params']): number | null {
  return params.id === undefined ? null : Number(params.id)
}

/** The member's set, or the 404 page for an id that is not theirs. */
const memberSet = (ctx: RouteContext, id: number): Promise<StakeSet> =>
  orNotFound(stakeSet(ctx, id))

export async function loadPage(ctx: RouteContext): Promise<SetsView> {
  const { request, params, url } = ctx
  const id = setIdOf(params)
  if (id === null) {
    const sets = await stakeSets(ctx)
    return { kind: 'list', sets, updated: updatedLabels(sets) }
  }
  const [set, types] = await Promise.all([
    memberSet(ctx, id),
    orMessage(lottoTypes(request.signal)),
  ])
  return {
    kind: 'set',
    set,
    updated: updatedLabels([set]),
    confirmDelete: url.searchParams.get('confirm') === 'delete',
    types: (types.value ?? []).map(({ id: lottoId, name }) => ({ id: lottoId, name })),
    typesError: types.error,
  }
}

/** 24 พ.ย. 69 14:05 น. (Bangkok time), by set id. */
function updatedLabels(sets: readonly StakeSet[]): Record<number, string> {
  return Object.fromEntries(
    sets.map((set) => {
      const day = formatThaiShortDay(bangkokDay(set.updatedAt))
      return [set.id, `${day} ${bangkokTime(set.updatedAt)} น.`]
    }),
  )
}

/** A backend refusal of a set change, in Thai. */
function refusal(error: unknown, tooMany: string): string {
  if (!(error instanceof BackendError)) throw error
  if (error.status === 404) throw httpError(404, NOT_FOUND_MESSAGE)
  if (error.status === 409) return tooMany
  if (error.status === 400) return SET_MESSAGES.refused
  return error.message
}

const saved = (id: number, message: string) =>
  redirectWithToast(setPath(id), { type: 'success', message })

export async function submit(ctx: RouteContext) {
  const { request, params } = ctx
  const form = await readFormData(request)
  const intent = form.get('intent')
  const id = setIdOf(params)

  if (id === null) {
    if (intent !== 'create') throw httpError(400, BAD_REQUEST_MESSAGE)
    const submission = parseForm(form, setNameSchema)
    if (submission.status !== 'success') {
      return data<SetsReply>({ form: 'create', result: submission.reply() }, { status: 400 })
    }
    try {
      const set = await createStakeSet(ctx, { name: submission.value.name.trim(), lines: [] })
      return saved(set.id, `สร้างชุด "${set.name}" แล้ว เพิ่มเลขได้เลย`)
    } catch (error) {
      const message = refusal(error, SET_MESSAGES.tooManySets)
      return data<SetsReply>(
        { form: 'create', result: submission.reply({ formErrors: [message] }) },
        { status: 409 },
      )
    }
  }

  const set = await memberSet(ctx, id)
  switch (intent) {
    case 'rename': {
      const submission = parseForm(form, setNameSchema)
      if (submission.status !== 'success') {
        return data<SetsReply>({ form: 'rename', result: submission.reply() }, { status: 400 })
      }
      try {
        const name = submission.value.name.trim()
        await updateStakeSet(ctx, id, { name })
        return saved(id, `เปลี่ยนชื่อเป็น "${name}" แล้ว`)
      } catch (error) {
        const message = refusal(error, SET_MESSAGES.refused)
        return data<SetsReply>(
          { form: 'rename', result: submission.reply({ formErrors: [message] }) },
          { status: 400 },
        )
      }
    }
    case 'add': {
      const submission = parseForm(form, addLineSchema)
      if (submission.status !== 'success') {
        return data<SetsReply>({ form: 'add', result: submission.reply() }, { status: 400 })
      }
      const { kinds, number, amount, helper } = submission.value
      const added = expandEntry(
        kinds.filter(isBetKind),
        number,
        Number(amount),
        (helper ?? 'none') as Helper,
      )
      const lines = mergeLines(set.lines, added)
      const failWith = (message: string, status: number) =>
        data<SetsReply>(
          { form: 'add', result: submission.reply({ formErrors: [message] }) },
          { status },
        )
      if (lines.length > SET_LIMITS.maxLines) return failWith(SET_MESSAGES.tooManyLines, 400)
      try {
        await updateStakeSet(ctx, id, { lines })
        return saved(id, `เพิ่มเลขแล้ว ${added.length} รายการ`)
      } catch (error) {
        return failWith(refusal(error, SET_MESSAGES.tooManyLines), 400)
      }
    }
    case 'amounts':
    case 'remove': {
      let lines: StakeLine[]
      if (intent === 'remove') {
        const key = form.get('line')
        lines = set.lines.filter((line) => lineKey(line) !== key)
        if (lines.length === set.lines.length) {
          return data<SetsReply>({ form: 'lines', error: SET_MESSAGES.lineGone }, { status: 409 })
        }
      } else {
        lines = []
        for (const line of set.lines) {
          const posted = form.get(`amount-${lineKey(line)}`)
          if (posted === null) {
            lines.push(line)
            continue
          }
          const amount = parseWholeBaht(posted, { max: SET_LIMITS.maxAmount })
          if (amount === null) {
            const error = `${lineLabel(line)}: ${SET_MESSAGES.badAmounts}`
            return data<SetsReply>({ form: 'lines', error }, { status: 400 })
          }
          lines.push({ ...line, amount })
        }
      }
      try {
        await updateStakeSet(ctx, id, { lines })
        return saved(id, intent === 'remove' ? 'ลบรายการแล้ว' : 'บันทึกจำนวนเงินแล้ว')
      } catch (error) {
        const message = refusal(error, SET_MESSAGES.refused)
        return data<SetsReply>({ form: 'lines', error: message }, { status: 400 })
      }
    }
    case 'delete': {
      try {
        await deleteStakeSet(ctx, id)
      } catch (error) {
        const message = refusal(error, SET_MESSAGES.refused)
        return data<SetsReply>({ form: 'delete', error: message }, { status: 400 })
      }
      return redirectWithToast(listPath, { type: 'success', message: `ลบชุด "${set.name}" แล้ว` })
    }
    default:
      throw httpError(400, BAD_REQUEST_MESSAGE)
  }
}
