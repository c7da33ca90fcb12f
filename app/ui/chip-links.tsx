// Links, so they work without JavaScript; they wrap instead of scrolling, and a chip never breaks
// its label (a squeezed "คาสิโนสด" splits as "คาสิ|โนสด"): docs/decisions/0105-chips-wrap-and-never-break.md
import { Link } from '@remix-run/react'

export interface ChipLink {
  key: string
  to: string
  label: string
  current: boolean
}

const CHIP = 'chip'
const ON = 'border-gold-400 bg-gold-400 text-night-950'
const OFF = 'border-night-600 text-slate-100 hover:bg-night-800'

export function ChipLinks({
  label,
  chips,
  preventScrollReset,
}: {
  label: string
  chips: readonly ChipLink[]
  preventScrollReset?: boolean
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key} className="max-w-full">
            <Link
              to={chip.to}
              aria-current={chip.current ? 'page' : undefined}
              className={`${CHIP} ${chip.current ? ON : OFF}`}
              preventScrollReset={preventScrollReset}
            >
              {chip.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
