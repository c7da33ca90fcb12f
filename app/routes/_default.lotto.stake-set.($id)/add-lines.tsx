import { useActionData } from '@remix-run/react'
import { useState } from 'react'
import {
  expandEntry,
  HELPER_LABELS,
  HELPERS,
  SET_LIMITS,
  type Helper,
  SET_LABELS,
} from '~/forms/stake-set-forms'
import { BET_KIND_LABELS, BET_KINDS, isBetKind, isLottoNumber } from '~/lib/lotto-numbers'
import { formatWholeBaht } from '~/lib/money'
import { useWatchedMember } from '~/ui/member'
import { MemberField, MemberFormCard, useMemberForm } from '~/forms/member-form'
import type { submit } from './page.server'
import { useBusy } from './shared'

export function AddLines() {
  const reply = useActionData<typeof submit>()
  const watched = useWatchedMember() !== null
  const busy = useBusy()
  const form = useMemberForm(
    'set-add',
    ['kinds', 'number', 'amount', 'helper'],
    (s) => s.addLineSchema,
    reply?.form === 'add' ? reply.result : undefined,
  )
  const postedKinds = form.posted('kinds')
  const [chosen, setChosen] = useState<string[]>(
    (Array.isArray(postedKinds) ? postedKinds : [postedKinds]).filter(isBetKind),
  )
  const [number, setNumber] = useState(String(form.posted('number') ?? ''))
  const postedHelper = String(form.posted('helper') ?? 'none')
  const [helper, setHelper] = useState<Helper>(
    (HELPERS as readonly string[]).includes(postedHelper) ? (postedHelper as Helper) : 'none',
  )
  const kinds = chosen.filter(isBetKind)
  const preview =
    kinds.length > 0 && number.length > 0 && isLottoNumber(number, number.length)
      ? expandEntry(kinds, number, 1, helper).length
      : 0
  const kindsError = form.errors.kinds
  return (
    <MemberFormCard
      form={form}
      title="เพิ่มเลข"
      disabled={watched}
      onChange={(event) => {
        const data = new FormData(event.currentTarget)
        setChosen(data.getAll('kinds').map(String))
        setNumber(String(data.get('number') ?? ''))
        const next = String(data.get('helper') ?? 'none')
        setHelper((HELPERS as readonly string[]).includes(next) ? (next as Helper) : 'none')
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <fieldset
        className="min-w-0"
        aria-describedby={kindsError ? 'set-add-kinds-error' : undefined}
      >
        <legend className="mb-1 text-sm font-bold">{SET_LABELS.kinds}</legend>
        <div className="grid grid-cols-2 gap-2">
          {BET_KINDS.map((kind, i) => (
            <label
              key={kind}
              className="flex items-center gap-2 rounded-xl border border-night-600 px-3 py-2"
            >
              <input
                type="checkbox"
                name="kinds"
                value={kind}
                defaultChecked={chosen.includes(kind)}
                aria-invalid={kindsError ? true : undefined}
                className="size-5 accent-gold-400"
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus={i === 0 && form.focus === 'kinds'}
              />
              {BET_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
        {kindsError ? (
          <p id="set-add-kinds-error" className="mt-1 text-sm text-danger">
            {kindsError}
          </p>
        ) : null}
      </fieldset>
      <MemberField
        form={form}
        name="number"
        label={SET_LABELS.number}
        hint="3 ตัว 2 ตัว หรือ 1 ตัวตามประเภท (19 ประตู: เลขหลักเดียว)"
        inputMode="numeric"
        maxLength={3}
        autoComplete="off"
        defaultValue={number}
        required
      />
      <fieldset className="min-w-0">
        <legend className="mb-1 text-sm font-bold">{SET_LABELS.helper}</legend>
        <div className="flex flex-wrap gap-2">
          {HELPERS.map((value) => (
            <label
              key={value}
              className="flex items-center gap-2 rounded-xl border border-night-600 px-3 py-2"
            >
              <input
                type="radio"
                name="helper"
                value={value}
                defaultChecked={helper === value}
                className="size-5 accent-gold-400"
              />
              {HELPER_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <MemberField
        form={form}
        name="amount"
        label={SET_LABELS.amount}
        hint={`ต่อรายการ ${formatWholeBaht(1)}–${formatWholeBaht(SET_LIMITS.maxAmount)}`}
        inputMode="numeric"
        autoComplete="off"
        defaultValue={String(form.posted('amount') ?? '10')}
        required
      />
      <p className="min-h-5 text-sm text-slate-300" aria-live="polite">
        {preview > 0 ? `จะเพิ่ม ${preview} รายการ` : ''}
      </p>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        เพิ่มเลข
      </button>
    </MemberFormCard>
  )
}
