import { useActionData } from '@remix-run/react'
import type { StakeSet } from '~/backend/lotto.schemas'
import { SET_LIMITS, SET_LABELS } from '~/forms/stake-set-forms'
import { useWatchedMember } from '~/ui/member'
import { MemberField, MemberFormCard, useMemberForm } from '~/forms/member-form'
import type { submit } from './page.server'
import { useBusy } from './shared'

export function Rename({ set }: { set: StakeSet }) {
  const reply = useActionData<typeof submit>()
  const watched = useWatchedMember() !== null
  const busy = useBusy()
  const form = useMemberForm(
    'set-rename',
    ['name'],
    (s) => s.setNameSchema,
    reply?.form === 'rename' ? reply.result : undefined,
  )
  return (
    <MemberFormCard form={form} title="เปลี่ยนชื่อชุด" disabled={watched}>
      <input type="hidden" name="intent" value="rename" />
      <MemberField
        form={form}
        name="name"
        label={SET_LABELS.name}
        maxLength={SET_LIMITS.nameMax}
        defaultValue={String(form.posted('name') ?? set.name)}
        required
      />
      <button type="submit" className="btn-ghost w-full" disabled={busy}>
        บันทึกชื่อ
      </button>
    </MemberFormCard>
  )
}
