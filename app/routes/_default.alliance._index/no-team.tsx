// The join form of a member without a team: loaded with import() by the route (decision 0172).
import { Link, useActionData, useNavigation } from '@remix-run/react'
import { MEMBER_LABELS } from '~/forms/member-forms'
import { PAGES } from '~/lib/pages'
import { MemberField, MemberFormCard, useMemberForm } from '~/forms/member-form'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import type { submit } from './page.server'

export function NoTeam() {
  const reply = useActionData<typeof submit>()
  const watched = useWatchedMember() !== null
  const busy = useNavigation().state === 'submitting'
  const form = useMemberForm(
    'join',
    ['inviteCode'],
    (s) => s.inviteCodeSchema,
    reply?.form === 'join' ? reply.result : undefined,
  )
  return (
    <>
      <Notice>คุณยังไม่มีทีม เข้าร่วมทีมของเพื่อนด้วยรหัสเชิญ หรือสร้างทีมของคุณเอง</Notice>
      <MemberFormCard form={form} title="เข้าร่วมทีมด้วยรหัสเชิญ" disabled={watched}>
        <input type="hidden" name="intent" value="join" />
        <MemberField
          form={form}
          name="inviteCode"
          label={MEMBER_LABELS.inviteCode}
          hint="ตัวอักษรภาษาอังกฤษหรือตัวเลข เช่น LUCKY9"
          maxLength={12}
          autoComplete="off"
          defaultValue={String(form.posted('inviteCode') ?? '')}
          required
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          เข้าร่วมทีม
        </button>
      </MemberFormCard>
      <Link to={PAGES.allianceNew.path} className="btn-ghost w-full">
        สร้างทีมใหม่
      </Link>
    </>
  )
}

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
