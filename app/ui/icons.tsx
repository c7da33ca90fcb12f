/**
 * The app's own icons: small line drawings in the text's colour, so every
 * phone shows them, with or without an emoji font (an emoji without one is a
 * box). Each is its SVG used as a CSS mask (`.app-icon-<name>` in
 * app/tailwind.css: a ticket for lotto, three reels for slots, two cards for
 * the casino, a football, a gift box for promotions, a clipboard for
 * results), so the drawings are in the stylesheet and not in the first-load
 * JS (decision 0148). Decorative: the label beside an icon names it, so each
 * is aria-hidden.
 */
export const ICON_NAMES = ['ticket', 'slot', 'cards', 'ball', 'gift', 'results'] as const

export type IconName = (typeof ICON_NAMES)[number]

export function AppIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-icon={name}
      className={`app-icon app-icon-${name}${className ? ` ${className}` : ''}`}
    />
  )
}
