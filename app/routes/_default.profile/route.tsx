import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useEffect } from 'react'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PASSWORD_LABELS } from '~/forms/member-forms'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { FormError, MemberField, MemberFormCard, useMemberForm } from '~/forms/member-form'
import { guard } from '~/security/guard'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import { submit, loadPage, type ProfileView } from './page.server'

const page = PAGES.profile

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, { access: page.access }, submit)

export const meta = pageMeta(page.title)

function useBusy(intent: string): boolean {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export default function Profile() {
  const view = useLoaderData<typeof loader>()
  const watched = useWatchedMember() !== null
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      {watched ? <Notice tone="warning">โหมดผู้ดูแล: ดูข้อมูลได้อย่างเดียว ไม่สามารถแก้ไขได้</Notice> : null}
      <Details view={view} />
      <LineLink line={view.line} watched={watched} />
      <ChangePassword watched={watched} />
      <LogoutEverywhere watched={watched} />
      <Form method="post" action="/logout" className="card">
        <input type="hidden" name="from" value={page.path} />
        <button type="submit" className="btn-ghost w-full">
          ออกจากระบบ
        </button>
      </Form>
    </section>
  )
}

function Details({ view }: { view: ProfileView }) {
  const rows: [string, string][] = [
    ['ชื่อผู้ใช้', view.username],
    ['ชื่อ-นามสกุล', view.displayName],
    ['เบอร์โทรศัพท์', view.phone],
    ['บัญชีธนาคาร', view.bank ? `${view.bank.name} ${view.bank.accountNumber}` : 'ยังไม่ได้ผูกบัญชี'],
    ['สมาชิกตั้งแต่', view.memberSince],
  ]
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title" className="mb-2 font-bold">
        ข้อมูลบัญชี
      </h2>
      <dl className="divide-y divide-night-700">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3 py-2">
            <dt className="text-sm text-slate-300">{label}</dt>
            <dd
              className="min-w-0 break-words text-right font-bold"
              data-testid={`profile-${label}`}
              // The member's own names and numbers, not text to translate.
              translate="no"
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function LineLink({ line, watched }: { line: ProfileView['line']; watched: boolean }) {
  const reply = useActionData<typeof action>()
  const error = reply?.form === 'line' ? reply.error : undefined
  const linking = useBusy('line-link')
  const unlinking = useBusy('line-unlink')
  return (
    <section className="card space-y-3" aria-labelledby="line-title">
      <h2 id="line-title" className="font-bold">
        บัญชี LINE
      </h2>
      <FormError id="line-error" message={error} />
      <p className="text-sm" data-testid="line-status">
        {line.linked ? `เชื่อมต่อแล้ว${line.name ? ` (${line.name})` : ''}` : 'ยังไม่ได้เชื่อมต่อ'}
      </p>
      {line.linked && line.required ? (
        <p className="text-sm text-slate-300">บัญชีนี้เข้าสู่ระบบด้วย LINE เท่านั้น จึงยกเลิกการเชื่อมต่อไม่ได้</p>
      ) : (
        <Form method="post">
          <fieldset disabled={watched}>
            {line.linked ? (
              <button
                type="submit"
                name="intent"
                value="line-unlink"
                className="btn-ghost w-full"
                disabled={unlinking}
              >
                ยกเลิกการเชื่อมต่อ LINE
              </button>
            ) : (
              <button
                type="submit"
                name="intent"
                value="line-link"
                className="btn-line w-full"
                disabled={linking}
              >
                เชื่อมต่อบัญชี LINE
              </button>
            )}
          </fieldset>
        </Form>
      )}
    </section>
  )
}

function ChangePassword({ watched }: { watched: boolean }) {
  const reply = useActionData<typeof action>()
  const busy = useBusy('password')
  const form = useMemberForm(
    'password',
    ['currentPassword', 'password', 'passwordConfirm'],
    (s) => s.changePasswordSchema,
    reply?.form === 'password' ? reply.result : undefined,
  )
  // Autofocus only acts on a new page: after a refusal in a client navigation, focus its field.
  const focus = form.focus
  useEffect(() => {
    if (focus) document.getElementById(`password-${focus}`)?.focus()
  }, [reply, focus])
  return (
    <MemberFormCard form={form} title="เปลี่ยนรหัสผ่าน" disabled={watched}>
      <input type="hidden" name="intent" value="password" />
      <MemberField
        form={form}
        name="currentPassword"
        label={PASSWORD_LABELS.currentPassword}
        type="password"
        autoComplete="current-password"
        required
      />
      <MemberField
        form={form}
        name="password"
        label={PASSWORD_LABELS.password}
        type="password"
        autoComplete="new-password"
        required
      />
      <MemberField
        form={form}
        name="passwordConfirm"
        label={PASSWORD_LABELS.passwordConfirm}
        type="password"
        autoComplete="new-password"
        required
      />
      <p className="text-xs text-slate-400">รหัสผ่านใหม่ 8-64 ตัวอักษร</p>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        เปลี่ยนรหัสผ่าน
      </button>
    </MemberFormCard>
  )
}

function LogoutEverywhere({ watched }: { watched: boolean }) {
  const busy = useBusy('logout-others')
  return (
    <section className="card space-y-3" aria-labelledby="devices-title">
      <h2 id="devices-title" className="text-lg font-bold">
        อุปกรณ์ที่เข้าสู่ระบบ
      </h2>
      <p id="devices-hint" className="text-sm text-slate-300">
        ทุกอุปกรณ์ที่เข้าสู่ระบบด้วยบัญชีนี้จะต้องเข้าสู่ระบบใหม่ ยกเว้นเครื่องนี้ การเปลี่ยนรหัสผ่านก็ทำเช่นเดียวกัน
      </p>
      <Form method="post">
        <fieldset disabled={watched || busy}>
          <button
            type="submit"
            name="intent"
            value="logout-others"
            className="btn-ghost w-full"
            aria-describedby="devices-hint"
          >
            ออกจากระบบทุกอุปกรณ์
          </button>
        </fieldset>
      </Form>
    </section>
  )
}
