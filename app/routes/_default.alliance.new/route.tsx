/**
 * /alliance/new (สร้างทีมใหม่): the create-team form. The name's rules
 * (3-20 Thai or English letters, digits, spaces) run in the browser and in
 * the action; the backend's TEAM_NAME_TAKEN and ALREADY_IN_TEAM land on the
 * name field. A member already in a team is sent to /alliance.
 */
import { normalizeTeamName } from '~/lib/team-name'
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useNavigation } from '@remix-run/react'
import { allianceRefusal, createTeam, myTeam } from '~/backend/alliance.server'
import { teamNameFields } from '~/forms/member-forms'
import { parseForm } from '~/forms/zod'
import { BAD_REQUEST_MESSAGE } from '~/lib/errors'
import { readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { TEAM_NAME } from '~/lib/team-name'
import { redirectWithToast } from '~/server/toast.server'
import { RuleField, RuleFormCard, useRuleForm } from '~/forms/rule-form'
import { guard } from '~/session/guard'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'

const page = PAGES.allianceNew

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access }, async (ctx) => {
    if (await myTeam(ctx)) throw redirect(PAGES.alliance.path)
    return null
  })

type Reply = { result: SubmissionResult<string[]> }

export const action = (args: ActionFunctionArgs) =>
  guard(args, { access: page.access }, async (ctx) => {
    const { request } = ctx
    const form = await readFormData(request)
    if (form.get('intent') !== 'create') throw httpError(400, BAD_REQUEST_MESSAGE)
    // Judged as the backend will store it: trimmed, inner spaces collapsed
    // (a phone keyboard's trailing space is no reason to refuse a name).
    const name = form.get('name')
    if (typeof name === 'string') form.set('name', normalizeTeamName(name))
    const submission = parseForm(form, teamNameFields)
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
  })

export const meta = pageMeta(page.title)

export default function AllianceNew() {
  const reply = useActionData<typeof action>()
  const watched = useWatchedMember() !== null
  const busy = useNavigation().state === 'submitting'
  const form = useRuleForm('team', teamNameFields, reply?.result)
  return (
    <section className="space-y-4">
      <p>
        <Link to={PAGES.alliance.path} className="link text-sm">
          ‹ {PAGES.alliance.title}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {watched ? <Notice tone="warning">โหมดผู้ดูแล: ดูได้อย่างเดียว ไม่สามารถสร้างทีมได้</Notice> : null}
      <RuleFormCard form={form} disabled={watched}>
        <input type="hidden" name="intent" value="create" />
        <RuleField
          form={form}
          name="name"
          label={teamNameFields.name.label}
          hint={`${TEAM_NAME.min}-${TEAM_NAME.max} ตัวอักษร ใช้ตัวอักษรไทย ภาษาอังกฤษ ตัวเลข และเว้นวรรคได้`}
          maxLength={TEAM_NAME.max + 10}
          autoComplete="off"
          defaultValue={String(form.posted('name') ?? '')}
          required
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          สร้างทีม
        </button>
      </RuleFormCard>
      <p className="text-sm text-slate-300">
        เมื่อสร้างทีมแล้ว คุณจะเป็นหัวหน้าทีม และได้รหัสเชิญไว้ชวนเพื่อนเข้าทีม
      </p>
    </section>
  )
}
