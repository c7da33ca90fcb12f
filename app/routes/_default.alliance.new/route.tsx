import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useNavigation } from '@remix-run/react'
import { MEMBER_LABELS } from '~/forms/member-forms'
import { MemberField, MemberFormCard, useMemberForm } from '~/forms/member-form'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { TEAM_NAME } from '~/lib/team-name'
import { guard } from '~/security/guard'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import { BackLink } from '~/ui/back-link'
import { loadPage, submit } from './page.server'

const page = PAGES.allianceNew

const rules = { access: page.access } as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

export default function AllianceNew() {
  const reply = useActionData<typeof action>()
  const watched = useWatchedMember() !== null
  const busy = useNavigation().state === 'submitting'
  const form = useMemberForm('team', ['name'], (s) => s.teamNameSchema, reply?.result)
  return (
    <section className="space-y-4">
      <BackLink to={PAGES.alliance.path}>{PAGES.alliance.title}</BackLink>
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {watched ? <Notice tone="warning">โหมดผู้ดูแล: ดูได้อย่างเดียว ไม่สามารถสร้างทีมได้</Notice> : null}
      <MemberFormCard form={form} disabled={watched}>
        <input type="hidden" name="intent" value="create" />
        <MemberField
          form={form}
          name="name"
          label={MEMBER_LABELS.teamName}
          hint={`${TEAM_NAME.min}-${TEAM_NAME.max} ตัวอักษร ใช้ตัวอักษรไทย ภาษาอังกฤษ ตัวเลข และเว้นวรรคได้`}
          maxLength={TEAM_NAME.max + 10}
          autoComplete="off"
          defaultValue={String(form.posted('name') ?? '')}
          required
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          สร้างทีม
        </button>
      </MemberFormCard>
      <p className="text-sm text-slate-300">
        เมื่อสร้างทีมแล้ว คุณจะเป็นหัวหน้าทีม และได้รหัสเชิญไว้ชวนเพื่อนเข้าทีม
      </p>
    </section>
  )
}
