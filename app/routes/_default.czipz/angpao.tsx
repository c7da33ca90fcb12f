// One post per pick, so it works without JavaScript; the backend decides what is inside.
import { Form } from '@remix-run/react'
import { IdempotencyField } from '~/forms/idempotency-field'

export function AngpaoPick({
  envelopes,
  idempotencyKey,
  opened,
  disabled,
}: {
  envelopes: number
  idempotencyKey: string
  opened: { index: number; label: string } | null
  disabled: boolean
}) {
  return (
    <Form method="post" preventScrollReset>
      <IdempotencyField value={idempotencyKey} />
      <input type="hidden" name="intent" value="pick" />
      <ul className="grid grid-cols-3 gap-3">
        {Array.from({ length: envelopes }, (_, i) => {
          const open = opened?.index === i
          return (
            <li key={i}>
              <button
                type="submit"
                name="envelope"
                value={i}
                disabled={disabled}
                data-testid={`envelope-${i}`}
                className={`flex aspect-[3/4] w-full flex-col items-center justify-center gap-1 rounded-xl border-2 p-1 text-center font-bold transition-transform enabled:hover:-translate-y-0.5 disabled:cursor-not-allowed motion-reduce:transition-none ${
                  open
                    ? 'border-gold-300 bg-gold-300 text-night-950'
                    : 'border-gold-400 bg-red-700 text-gold-300 disabled:opacity-60'
                }`}
              >
                {/* Named by what it shows (no aria-label over it: axe's label-content-name-mismatch). */}
                {open ? (
                  <span className="text-sm leading-tight">
                    <span className="sr-only">ซอง {i + 1}: </span>
                    {opened.label}
                  </span>
                ) : (
                  <>
                    <span
                      aria-hidden="true"
                      className="flex size-8 items-center justify-center rounded-full bg-gold-400 text-lg text-red-800"
                    >
                      福
                    </span>
                    <span className="text-xs">
                      <span className="sr-only">เลือก</span>ซอง {i + 1}
                    </span>
                  </>
                )}
              </button>
            </li>
          )
        })}
      </ul>
    </Form>
  )
}
