// Native selects: work without JavaScript, a phone opens its own wheel, and nothing Gregorian is
// shown (a native date field shows mm/dd/yyyy whatever the page's language).
// docs/decisions/0100-thai-date-choice.md.
import { dateChoiceParts, THAI_MONTHS } from '~/lib/thai-date'

const SELECT =
  'w-full min-w-0 rounded-xl border border-night-600 bg-night-800 px-2 py-2 text-base text-slate-100'

export interface ThaiDateChoiceProps {
  name: string
  legend: string
  value: string | null
  years: readonly number[]
}

export function ThaiDateChoice({ name, legend, value, years }: ThaiDateChoiceProps) {
  const parts = dateChoiceParts(value)
  return (
    // A new value (a link followed) resets the selects' defaults.
    <fieldset key={value ?? ''} className="min-w-0 space-y-1" data-date-choice={name}>
      <legend className="mb-1 block text-sm font-bold">{legend}</legend>
      <div className="grid grid-cols-[4.25rem_minmax(0,1fr)_5.5rem] gap-2">
        <select name={`${name}Day`} aria-label="วันที่" defaultValue={parts.day} className={SELECT}>
          <option value="">วัน</option>
          {Array.from({ length: 31 }, (_, i) => (
            <option key={i} value={String(i + 1)}>
              {i + 1}
            </option>
          ))}
        </select>
        <select
          name={`${name}Month`}
          aria-label="เดือน"
          defaultValue={parts.month}
          className={SELECT}
        >
          <option value="">เดือน</option>
          {THAI_MONTHS.map((month, i) => (
            <option key={month} value={String(i + 1)}>
              {month}
            </option>
          ))}
        </select>
        <select
          name={`${name}Year`}
          aria-label="ปี พ.ศ."
          defaultValue={parts.year}
          className={SELECT}
        >
          <option value="">ปี พ.ศ.</option>
          {/* The chosen year stays offered even when it is older than the list. */}
          {(parts.year && !years.includes(Number(parts.year))
            ? [...years, Number(parts.year)]
            : years
          ).map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  )
}
