import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Suspense } from 'react'
import { CopyButton } from '~/ui/copy-button'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { FormError } from '~/forms/member-form'
import { guard } from '~/security/guard'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import { deferredParts } from '~/ui/deferred'
import { submit, loadPage, type TeamView } from './page.server'
import * as noTeamOnServer from './no-team.server'

const page = PAGES.alliance

// A member in a team does not load the join form's code (decision 0172).
const NoTeam = deferredParts(noTeamOnServer, () => import('./no-team')).part('NoTeam')

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, { access: page.access }, submit)

export const meta = pageMeta(page.title)

function WatcherNote() {
  return useWatchedMember() ? (
    <Notice tone="warning">โหมดผู้ดูแล: ดูข้อมูลทีมได้อย่างเดียว ไม่สามารถทำรายการได้</Notice>
  ) : null
}

export default function Alliance() {
  const view = useLoaderData<typeof loader>()
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <WatcherNote />
      {view.team ? (
        <MyTeam team={view.team} confirmLeave={view.confirmLeave} />
      ) : (
        <Suspense fallback={null}>
          <NoTeam />
        </Suspense>
      )}
    </section>
  )
}

type ShownTeam = NonNullable<TeamView['team']>

function MyTeam({ team, confirmLeave }: { team: ShownTeam; confirmLeave: boolean }) {
  return (
    <>
      <section className="card space-y-2" aria-labelledby="team-title">
        <h2 id="team-title" className="break-words text-xl font-bold text-gold-300">
          {team.name}
        </h2>
        <p className="text-sm text-slate-300">
          ก่อตั้งเมื่อ {team.created} · สมาชิก {team.members.length}/{team.maxMembers} คน
        </p>
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm">
            รหัสเชิญ:{' '}
            <strong className="font-mono text-lg tracking-wider" data-testid="invite-code">
              {team.inviteCode}
            </strong>
          </p>
          <CopyButton text={team.inviteCode} label="คัดลอกรหัสเชิญ" />
        </div>
        <p className="text-xs text-slate-400">ส่งรหัสเชิญให้เพื่อน เพื่อเข้าร่วมทีมจากหน้านี้</p>
      </section>
      <section className="card" aria-labelledby="ranking-title">
        <h2 id="ranking-title" className="mb-2 font-bold">
          อันดับในทีมเดือนนี้
        </h2>
        <ol className="divide-y divide-night-700" data-testid="team-members">
          {team.members.map((member) => (
            <li key={member.rank} className="flex items-center gap-3 py-2">
              <span className="w-8 shrink-0 text-center font-bold text-gold-300">
                {member.rank}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-bold">
                  {member.name}
                  {member.you ? ' (คุณ)' : ''}
                </span>
                {member.leader ? (
                  <span className="block text-xs text-slate-300">หัวหน้าทีม</span>
                ) : null}
              </span>
              <span className="shrink-0 text-sm">{member.points.toLocaleString('th-TH')} แต้ม</span>
            </li>
          ))}
        </ol>
      </section>
      <LeaveTeam confirm={confirmLeave} />
    </>
  )
}

function LeaveTeam({ confirm }: { confirm: boolean }) {
  const reply = useActionData<typeof action>()
  const watched = useWatchedMember() !== null
  const busy = useNavigation().state === 'submitting'
  const error = reply?.form === 'leave' ? reply.error : undefined
  if (!confirm) {
    return (
      <Link to="?confirm=leave" className="btn-ghost w-full" preventScrollReset>
        ออกจากทีม
      </Link>
    )
  }
  return (
    <Form method="post" action={page.path} className="card space-y-3" aria-labelledby="leave-title">
      <h2 id="leave-title" className="font-bold">
        ยืนยันการออกจากทีม
      </h2>
      <p className="text-sm text-slate-300">
        เมื่อออกจากทีมแล้ว แต้มของคุณในทีมนี้จะไม่ถูกนับ และต้องใช้รหัสเชิญเพื่อกลับเข้าทีมอีกครั้ง
      </p>
      <FormError id="leave-error" message={error} />
      <fieldset disabled={watched} className="grid grid-cols-2 gap-2">
        <input type="hidden" name="intent" value="leave" />
        <Link to={page.path} className="btn-ghost w-full">
          ยกเลิก
        </Link>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          ยืนยันออกจากทีม
        </button>
      </fieldset>
    </Form>
  )
}
