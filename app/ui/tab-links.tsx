// Links: the URL is the state, so they work without JavaScript and can be shared.
import { Link } from '@remix-run/react'

export interface TabLink {
  to: string
  label: string
  current: boolean
  /** Called on the link's hover, focus or touch: e.g. starts loading the tab's code. */
  onIntent?: () => unknown
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
          onMouseEnter={tab.onIntent}
          onFocus={tab.onIntent}
          onTouchStart={tab.onIntent}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
