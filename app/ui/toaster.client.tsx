import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import { TOAST } from '~/lib/constants'

const TOAST_BOTTOM_OFFSET = 'calc(72px + env(safe-area-inset-bottom))'

export interface ToasterProps {
  /**
   * Connects `notify()` to sonner. Passed in rather than imported, so this
   * lazily loaded chunk shares no module with the root's (fewer small chunks).
   */
  attach: (
    show: (toast: { type: 'success' | 'error' | 'info'; message: string }) => void,
  ) => () => void
}

export default function Toaster({ attach }: ToasterProps) {
  useEffect(
    () =>
      attach(({ type, message }) => {
        toast[type](message)
      }),
    [attach],
  )
  return (
    <Sonner
      position={TOAST.position}
      duration={TOAST.durationMs}
      // Above the bottom navigation that phones show (56 px + the safe area).
      offset={{ bottom: TOAST_BOTTOM_OFFSET }}
      mobileOffset={{ bottom: TOAST_BOTTOM_OFFSET }}
      theme="dark"
      richColors
      style={{ '--width': `${TOAST.widthPx}px` } as React.CSSProperties}
      toastOptions={{ className: 'font-sans' }}
    />
  )
}
