import { useEffect } from 'react'
import { Toaster as Sonner, toast } from 'sonner'
import { TOAST } from '~/lib/constants'
import { attachToaster } from '~/ui/toast-host'

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
      theme="dark"
      richColors
      style={{ '--width': `${TOAST.widthPx}px` } as React.CSSProperties}
      toastOptions={{ className: 'font-sans' }}
    />
  )
}
