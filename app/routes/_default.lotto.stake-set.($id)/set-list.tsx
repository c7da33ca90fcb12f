import { Link, useActionData } from '@remix-run/react'
import type { StakeSet } from '~/backend/lotto.schemas'
import { SET_LIMITS, SET_LABELS } from '~/forms/stake-set-forms'
import { formatBaht } from '~/lib/money'
import { useWatchedMember } from '~/ui/member'
import { EmptyState } from '~/ui/states'
import { MemberField, MemberFormCard, useMemberForm } from '~/forms/member-form'
import type { submit } from './page.server'
import { WatcherNote, page, total, useBusy } from './shared'

export function SetList({ sets, updated }: { sets: StakeSet[]; updated: Record<number, string> }) {
  const reply = useActionData<typeof submit>()
  const watched = useWatchedMember() !== null
  const busy = useBusy()
  const full = sets.length >= SET_LIMITS.maxSets
  const form = useMemberForm(
    'set-create',
    ['name'],
    (s) => s.setNameSchema,
    reply?.form === 'create' ? reply.result : undefined,
  )
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <p className="text-sm text-slate-300">
        บันทึกเลขที่แทงบ่อยไว้เป็นชุด แล้วใช้กับหวยประเภทใดก็ได้ (ได้สูงสุด {SET_LIMITS.maxSets} ชุด)
      </p>
      <WatcherNote />
      <MemberFormCard
        form={form}
        title="สร้างชุดใหม่"
        disabled={watched || full}
        after={
          full ? (
            <p className="text-sm text-amber-200">
              มีครบ {SET_LIMITS.maxSets} ชุดแล้ว ลบชุดเก่าก่อนสร้างชุดใหม่
            </p>
          ) : null
        }
      >
        <input type="hidden" name="intent" value="create" />
        <MemberField
          form={form}
          name="name"
          label={SET_LABELS.name}
          hint={`ไม่เกิน ${SET_LIMITS.nameMax} ตัวอักษร เช่น เลขเด็ดงวดนี้`}
          maxLength={SET_LIMITS.nameMax}
          defaultValue={String(form.posted('name') ?? '')}
          required
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          สร้างชุด
        </button>
      </MemberFormCard>
      <h2 className="text-lg font-bold">ชุดของฉัน ({sets.length})</h2>
      {sets.length === 0 ? (
        <EmptyState title="ยังไม่มีชุดตัวเลข">
          ตั้งชื่อชุดด้านบนแล้วกด &ldquo;สร้างชุด&rdquo; เพื่อเริ่มบันทึกเลข
        </EmptyState>
      ) : (
        <ul className="space-y-2">
          {sets.map((set) => (
            <li key={set.id}>
              <Link
                to={`${page.path}/${set.id}`}
                className="card flex items-center justify-between gap-3 hover:border-gold-400"
              >
                <span className="min-w-0">
                  <span className="block truncate font-bold">{set.name}</span>
                  <span className="block text-sm text-slate-300">
                    {set.lines.length} รายการ · รวม {formatBaht(total(set))}
                  </span>
                  <span className="block text-xs text-slate-400">แก้ไขล่าสุด {updated[set.id]}</span>
                </span>
                <span aria-hidden="true">›</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
