/**
 * The app's own icons: small inline SVGs drawn in the text's colour
 * (`currentColor`), so every phone shows them, with or without an emoji font
 * (an emoji without one is a box). Decorative: the label beside an icon names
 * it, so each is aria-hidden.
 */
import type { ReactNode } from 'react'

function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  )
}

const PATHS = {
  /** Lotto: a ticket with a notch on each side. */
  ticket: (
    <>
      <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2a3 3 0 0 0 0 6v2a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2a3 3 0 0 0 0-6Z" />
      <path d="M9 5v14" strokeDasharray="2 2" />
      <path d="M13 10h4M13 14h3" />
    </>
  ),
  /** Slots: three reels. */
  slot: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M9 5v14M15 5v14" />
      <path d="M5 12h2M11 12h2M17 12h2" strokeWidth="2.4" />
    </>
  ),
  /** Casino: two playing cards. */
  cards: (
    <>
      <rect x="8" y="4" width="12" height="16" rx="2" />
      <path d="M8 7.5 5.2 6.8a1.5 1.5 0 0 0-1.8 1.1L1.3 16a1.5 1.5 0 0 0 1.1 1.8L8 19.2" />
      <path d="M14 9.5c-1.2 1.3-2.5 2.3-2.5 3.5a1.5 1.5 0 0 0 2.5 1.1 1.5 1.5 0 0 0 2.5-1.1c0-1.2-1.3-2.2-2.5-3.5Z" />
    </>
  ),
  /** Sport: a football. */
  ball: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m12 7.5 4 2.9-1.5 4.6h-5L8 10.4Z" />
      <path d="M12 3v4.5M16 10.4l4.3-1.4M14.5 15l2.7 3.6M9.5 15l-2.7 3.6M8 10.4 3.7 9" />
    </>
  ),
  /** Promotions: a gift box. */
  gift: (
    <>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8h14v-8M12 8v12" />
      <path d="M12 8c-1-3-5-4-5-1.5S10 8 12 8Zm0 0c1-3 5-4 5-1.5S14 8 12 8Z" />
    </>
  ),
  /** Results: a list on a clipboard. */
  results: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
    </>
  ),
} as const

export type IconName = keyof typeof PATHS

export function AppIcon({ name, className }: { name: IconName; className?: string }) {
  return <Icon className={className}>{PATHS[name]}</Icon>
}
