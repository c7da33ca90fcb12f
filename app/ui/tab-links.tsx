// Links: the URL is the state, so they work without JavaScript and can be shared.
import { Link } from '@remix-run/react'

export interface TabLink {
  to: string
  label: string
  current: boolean
}

export function TabLinks({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  return (
    <nav aria-label={label} className="flex gap-2">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className={`btn flex-1 whitespace-nowrap ${tab.current ? 'bg-gold-400 text-night-950' : 'border border-night-600 text-slate-100'}`}
          aria-current={tab.current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
