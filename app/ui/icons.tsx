// Emoji are a box on phones without an emoji font. CSS masks (`.app-icon-<name>`, app/tailwind.css)
// keep the drawings out of the first-load JS (decision 0148). Decorative: aria-hidden.
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
