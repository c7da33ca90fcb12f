import { useOnline } from '~/browser/online'

export const OFFLINE_BANNER_TEXT = 'ออฟไลน์อยู่ — ข้อมูลอาจไม่เป็นปัจจุบัน'

// docs/decisions/0143.
export function OfflineBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="sticky top-0 z-40 border-b border-amber-600 bg-amber-950 px-4 py-2 text-center text-sm font-bold text-amber-100"
    >
      {OFFLINE_BANNER_TEXT}
    </div>
  )
}
