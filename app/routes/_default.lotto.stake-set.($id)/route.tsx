/**
 * Saved number sets (โพยที่บันทึกไว้): `/lotto/stake-set` lists the member's
 * sets and creates one; `/lotto/stake-set/:id` renames it, adds lines (with
 * กลับเลข and 19 ประตู), changes amounts, removes lines, deletes it after a
 * confirm step (`?confirm=delete`, the same with and without JavaScript) and
 * plays it: "ใช้ชุดนี้" is a GET form to `/lotto/stake?lotto=<id>&set=<id>`.
 * Every form posts an `intent` and works without JavaScript; the server side
 * is ./sets.server.ts. A watcher sees the forms disabled.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import type { StakeSet } from '~/backend/lotto.schemas'
import {
  expandEntry,
  HELPER_LABELS,
  HELPERS,
  lineKey,
  SET_LABELS,
  SET_LIMITS,
  type Helper,
} from '~/forms/stake-set-forms'
import { BET_KIND_LABELS, BET_KINDS, isBetKind, isLottoNumber } from '~/lotto/numbers'
import { pageMeta } from '~/lib/meta'
import { formatBaht, formatWholeBaht } from '~/lib/money'
import { isNumericId, PAGES } from '~/lib/pages'
import { guard } from '~/session/guard'
import { useWatchedMember } from '~/ui/member'
import { EmptyState, Notice } from '~/ui/states'
import {
  FormError,
  INPUT_CLASS,
  MemberField,
  MemberFormCard,
  useMemberForm,
} from '~/forms/member-form'
import { BackLink } from '~/ui/back-link'
import { submit, loadPage, type SetsView } from './page.server'

const page = PAGES.lottoStakeSet
const rules = {
  access: page.access,
  feature: 'lotto',
  validate: ({ params }: { params: { id?: string } }) => isNumericId(params.id),
} as const

export const loader = (args: LoaderFunctionArgs) => guard(args, rules, loadPage)

export const action = (args: ActionFunctionArgs) => guard(args, rules, submit)

export const meta = pageMeta(page.title)

export default function LottoStakeSet() {
  const view = useLoaderData<typeof loader>()
  return view.kind === 'list' ? (
    <SetList sets={view.sets} updated={view.updated} />
  ) : (
    <SetPage view={view} />
  )
}

function useBusy(): boolean {
  const navigation = useNavigation()
  return navigation.state === 'submitting'
}

const total = (set: StakeSet) => set.lines.reduce((sum, line) => sum + line.amount, 0)

/**
 * Changes with every saved change, even two within one second (the
 * backend's updatedAt is to the second): keys the forms that start afresh.
 */
const revision = (set: StakeSet) =>
  [set.updatedAt, set.name, ...set.lines.map((line) => `${lineKey(line)}=${line.amount}`)].join('|')

function WatcherNote() {
  return useWatchedMember() ? (
    <Notice tone="warning">โหมดผู้ดูแล: ดูชุดตัวเลขได้อย่างเดียว ไม่สามารถสร้างหรือแก้ไขได้</Notice>
  ) : null
}

function SetList({ sets, updated }: { sets: StakeSet[]; updated: Record<number, string> }) {
  const reply = useActionData<typeof action>()
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

type SetPageView = Extract<SetsView, { kind: 'set' }>

function SetPage({ view }: { view: SetPageView }) {
  const { set } = view
  return (
    <section className="space-y-4">
      <BackLink to={page.path}>{page.title}</BackLink>
      <h1 className="break-words text-2xl font-bold">{set.name}</h1>
      <p className="text-sm text-slate-300">
        {set.lines.length} รายการ · รวม {formatBaht(total(set))} · แก้ไขล่าสุด {view.updated[set.id]}
      </p>
      <WatcherNote />
      <UseSet view={view} />
      <Lines set={set} />
      {/* A saved change starts these forms afresh. */}
      <AddLines key={`add-${revision(set)}`} />
      <Rename key={`rename-${revision(set)}`} set={set} />
      <DeleteSet view={view} />
    </section>
  )
}

function UseSet({ view }: { view: SetPageView }) {
  if (view.typesError) return <Notice tone="warning">{view.typesError}</Notice>
  if (view.set.lines.length === 0 || view.types.length === 0) return null
  return (
    <Form method="get" action={PAGES.lottoStake.path} className="card space-y-3">
      <h2 className="font-bold">ใช้ชุดนี้แทงหวย</h2>
      <div className="space-y-1">
        <label htmlFor="use-lotto" className="block text-sm font-bold">
          ประเภทหวย
        </label>
        <select id="use-lotto" name="lotto" className={INPUT_CLASS}>
          {view.types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </select>
      </div>
      {/* After the select: the URL reads /lotto/stake?lotto=…&set=…. */}
      <input type="hidden" name="set" value={view.set.id} />
      <button type="submit" className="btn-primary w-full">
        ใช้ชุดนี้
      </button>
    </Form>
  )
}

function Lines({ set }: { set: StakeSet }) {
  const reply = useActionData<typeof action>()
  const watched = useWatchedMember() !== null
  const busy = useBusy()
  const error = reply?.form === 'lines' ? reply.error : undefined
  return (
    <section className="card space-y-3" aria-labelledby="lines-title">
      <h2 id="lines-title" className="font-bold">
        เลขในชุด ({set.lines.length}/{SET_LIMITS.maxLines})
      </h2>
      <FormError id="lines-error" message={error} />
      {set.lines.length === 0 ? (
        <p className="text-sm text-slate-300">ยังไม่มีเลขในชุดนี้ เพิ่มเลขได้จากฟอร์มด้านล่าง</p>
      ) : (
        <>
          {/* One form per purpose; the rows' controls join them with the form attribute. */}
          <Form method="post" id="set-amounts" replace key={revision(set)}>
            <input type="hidden" name="intent" value="amounts" />
          </Form>
          <Form method="post" id="set-remove" replace>
            <input type="hidden" name="intent" value="remove" />
          </Form>
          <fieldset disabled={watched} className="min-w-0">
            <legend className="sr-only">จำนวนเงินของแต่ละรายการ</legend>
            <ul className="divide-y divide-night-700">
              {set.lines.map((line) => {
                const key = lineKey(line)
                const label = `${BET_KIND_LABELS[line.kind]} ${line.number}`
                return (
                  <li key={key} className="flex items-center gap-2 py-2">
                    <span className="min-w-0 flex-1">
                      <span className="block text-xs text-slate-400">
                        {BET_KIND_LABELS[line.kind]}
                      </span>
                      <span className="text-xl font-bold tabular-nums">{line.number}</span>
                    </span>
                    <input
                      form="set-amounts"
                      name={`amount-${key}`}
                      defaultValue={String(line.amount)}
                      inputMode="numeric"
                      aria-label={`จำนวนเงิน (บาท) ${label}`}
                      className="w-24 rounded-xl border border-night-600 bg-night-800 px-2 py-2 text-right text-base"
                    />
                    <button
                      type="submit"
                      form="set-remove"
                      name="line"
                      value={key}
                      className="btn-ghost px-3"
                      aria-label={`ลบ ${label}`}
                      disabled={busy}
                    >
                      ลบ
                    </button>
                  </li>
                )
              })}
            </ul>
            <button
              type="submit"
              form="set-amounts"
              className="btn-ghost mt-2 w-full"
              disabled={busy}
            >
              บันทึกจำนวนเงิน
            </button>
          </fieldset>
        </>
      )}
    </section>
  )
}

function AddLines() {
  const reply = useActionData<typeof action>()
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

function Rename({ set }: { set: StakeSet }) {
  const reply = useActionData<typeof action>()
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

function DeleteSet({ view }: { view: SetPageView }) {
  const reply = useActionData<typeof action>()
  const watched = useWatchedMember() !== null
  const busy = useBusy()
  const error = reply?.form === 'delete' ? reply.error : undefined
  const here = `${page.path}/${view.set.id}`
  if (!view.confirmDelete) {
    return watched ? null : (
      <Link to={`${here}?confirm=delete`} className="btn-ghost block text-center text-red-200">
        ลบชุดนี้
      </Link>
    )
  }
  return (
    <Form
      method="post"
      action={here}
      replace
      className="card space-y-3 border-red-700"
      aria-labelledby="delete-title"
    >
      <h2 id="delete-title" className="font-bold">
        ยืนยันการลบชุด &ldquo;{view.set.name}&rdquo;?
      </h2>
      <p className="text-sm text-slate-300">
        ลบแล้วกู้คืนไม่ได้ เลขทั้ง {view.set.lines.length} รายการจะหายไป
      </p>
      <FormError id="delete-error" message={error} />
      <fieldset disabled={watched} className="flex gap-3">
        <input type="hidden" name="intent" value="delete" />
        <Link to={here} className="btn-ghost flex-1 text-center">
          ยกเลิก
        </Link>
        <button
          type="submit"
          className="btn-primary flex-1 bg-red-500 hover:bg-red-400"
          disabled={busy}
        >
          ยืนยันการลบ
        </button>
      </fieldset>
    </Form>
  )
}
