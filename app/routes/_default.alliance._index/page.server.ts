// `?confirm=leave` is the same with and without JavaScript.
import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { allianceRefusal, joinTeam, leaveTeam, myTeam } from '~/backend/alliance.server'
import { inviteCodeSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { BAD_REQUEST_MESSAGE } from '~/lib/errors'
import { readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { maskName } from '~/lib/mask'
import { PAGES } from '~/lib/pages'
import { formatThaiDay } from '~/lib/thai-date-format'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'

export interface TeamView {
  team: {
    name: string
    inviteCode: string
    created: string
    maxMembers: number
    members: { rank: number; name: string; points: number; leader: boolean; you: boolean }[]
  } | null
  confirmLeave: boolean
}

export type TeamReply =
  { form: 'join'; result: SubmissionResult<string[]> } | { form: 'leave'; error: string }

export async function loadPage(ctx: RouteContext): Promise<TeamView> {
  const { url } = ctx
  const team = await myTeam(ctx)
  if (!team) return { team: null, confirmLeave: false }
  return {
    team: {
      name: team.name,
      inviteCode: team.inviteCode,
      created: formatThaiDay(team.createdAt),
      maxMembers: team.maxMembers,
      members: team.members.map((member) => ({
        ...member,
        name: member.you ? member.name : maskName(member.name),
      })),
    },
    confirmLeave: url.searchParams.get('confirm') === 'leave',
  }
}

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'join') {
    const submission = parseForm(form, inviteCodeSchema)
    if (submission.status !== 'success') {
      return data<TeamReply>({ form: 'join', result: submission.reply() }, 400)
    }
    try {
      const team = await joinTeam(ctx, String(submission.value.inviteCode).toUpperCase())
      return redirectWithToast(PAGES.alliance.path, {
        type: 'success',
        message: `เข้าร่วมทีม ${team.name} แล้ว`,
      })
    } catch (error) {
      const message = allianceRefusal(error)
      if (!message) throw error
      const result = submission.reply({ fieldErrors: { inviteCode: [message] } })
      return data<TeamReply>({ form: 'join', result }, 409)
    }
  }
  if (intent === 'leave') {
    try {
      await leaveTeam(ctx)
    } catch (error) {
      const message = allianceRefusal(error)
      if (!message) throw error
      return data<TeamReply>({ form: 'leave', error: message }, 409)
    }
    return redirectWithToast(PAGES.alliance.path, { type: 'success', message: 'ออกจากทีมแล้ว' })
  }
  throw httpError(400, BAD_REQUEST_MESSAGE)
}
