import { useActionData } from '@remix-run/react'
import type { StakeSet } from '~/backend/lotto.schemas'
import { nameFields, SET_LIMITS } from '~/forms/stake-set-forms'
import { useWatchedMember } from '~/ui/member'
import { RuleField, RuleFormCard, useRuleForm } from '~/forms/rule-form'
import type { submit } from './page.server'
import { useBusy } from './shared'

export function Rename({ set }: { set: StakeSet }) {
  const reply = useActionData<typeof submit>()
  const watched = useWatchedMember() !== null
  const busy = useBusy()
  const form = useRuleForm(
    'set-rename',
    nameFields,
    reply?.form === 'rename' ? reply.result : undefined,
  )
  return (
    <RuleFormCard form={form} title="เปลี่ยนชื่อชุด" disabled={watched}>
      <input type="hidden" name="intent" value="rename" />
      <RuleField
        form={form}
        name="name"
        label={nameFields.name.label}
        maxLength={SET_LIMITS.nameMax}
        defaultValue={String(form.posted('name') ?? set.name)}
        required
      />
      <button type="submit" className="btn-ghost w-full" disabled={busy}>
        บันทึกชื่อ
      </button>
    </RuleFormCard>
  )
}
