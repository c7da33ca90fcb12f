// The name is judged as the backend will store it, by the same rules as the browser.
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
import type { RouteContext } from '~/security/guard'

export async function loadPage(ctx: RouteContext) {
  if (await myTeam(ctx)) throw redirect(PAGES.alliance.path)
  return null
}

type Reply = { result: SubmissionResult<string[]> }

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const form = await readFormData(request)
  if (form.get('intent') !== 'create') throw httpError(400, BAD_REQUEST_MESSAGE)
  // Trimmed, inner spaces collapsed: a phone keyboard's trailing space is no reason to refuse a name.
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
