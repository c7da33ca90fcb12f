import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import type { TOAST } from '~/lib/constants'

const TOAST_BOTTOM_OFFSET = 'calc(72px + env(safe-area-inset-bottom))'

export interface ToasterProps {
  /** Passed in rather than imported, so this lazy chunk shares no module with the root's. */
  attach: (
    show: (toast: { type: 'success' | 'error' | 'info'; message: string }) => void,
  ) => () => void
  /** Passed in for the same reason: the constants stay in the first-load file. */
  options: typeof TOAST
}

export default function Toaster({ attach, options }: ToasterProps) {
  useEffect(
    () =>
      attach(({ type, message }) => {
        toast[type](message)
      }),
    [attach],
  )
  return (
    <Sonner
      position={options.position}
      duration={options.durationMs}
      // Above the bottom navigation that phones show (56 px + the safe area).
      offset={{ bottom: TOAST_BOTTOM_OFFSET }}
      mobileOffset={{ bottom: TOAST_BOTTOM_OFFSET }}
      customAriaLabel={options.regionLabel}
      theme="dark"
      richColors
      style={{ '--width': `${options.widthPx}px` } as React.CSSProperties}
      toastOptions={{ className: 'font-sans' }}
    />
  )
}
