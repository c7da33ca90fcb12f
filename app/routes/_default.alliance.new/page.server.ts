/**
 * The create-team page's server side: a member already in a team is sent to
 * /alliance; the post judges the name as the backend will store it
 * (trimmed, inner spaces collapsed) by the same rules as the browser, and
 * the backend's TEAM_NAME_TAKEN and ALREADY_IN_TEAM land on the name field.
 * A new team redirects to /alliance with a toast (post, redirect, get).
 */
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'
import { allianceRefusal, createTeam, myTeam } from '~/backend/alliance.server'
import { teamNameSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { BAD_REQUEST_MESSAGE } from '~/lib/errors'
import { PAGES } from '~/lib/pages'
import { normalizeTeamName } from '~/lib/team-name'
import { readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/session/guard'

export async function loadPage(ctx: RouteContext) {
  if (await myTeam(ctx)) throw redirect(PAGES.alliance.path)
  return null
}

type Reply = { result: SubmissionResult<string[]> }

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const form = await readFormData(request)
  if (form.get('intent') !== 'create') throw httpError(400, BAD_REQUEST_MESSAGE)
  // Judged as the backend will store it: trimmed, inner spaces collapsed
  // (a phone keyboard's trailing space is no reason to refuse a name).
  const name = form.get('name')
  if (typeof name === 'string') form.set('name', normalizeTeamName(name))
  const submission = parseForm(form, teamNameSchema)
  if (submission.status !== 'success') {
    return data<Reply>({ result: submission.reply() }, 400)
  }
  try {
    const team = await createTeam(ctx, String(submission.value.name))
    return redirectWithToast(PAGES.alliance.path, {
      type: 'success',
      message: `สร้างทีม ${team.name} แล้ว`,
    })
  } catch (error) {
    const message = allianceRefusal(error)
    if (!message) throw error
    return data<Reply>({ result: submission.reply({ fieldErrors: { name: [message] } }) }, 409)
  }
}
