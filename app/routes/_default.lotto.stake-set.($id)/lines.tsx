import { Form, useActionData } from '@remix-run/react'
import type { StakeSet } from '~/backend/lotto.schemas'
import { lineKey, SET_LIMITS } from '~/forms/stake-set-forms'
import { BET_KIND_LABELS } from '~/lib/lotto-numbers'
import { useWatchedMember } from '~/ui/member'
import { FormError } from '~/forms/member-form'
import type { submit } from './page.server'
import { revision, useBusy } from './shared'

export function Lines({ set }: { set: StakeSet }) {
  const reply = useActionData<typeof submit>()
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
