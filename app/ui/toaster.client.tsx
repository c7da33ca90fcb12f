import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import { TOAST } from '~/lib/constants'
import { attachToaster } from '~/ui/toast-host'

const TOAST_BOTTOM_OFFSET = 'calc(72px + env(safe-area-inset-bottom))'

export default function Toaster() {
  useEffect(
    () =>
      attachToaster(({ type, message }) => {
        toast[type](message)
      }),
    [],
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
