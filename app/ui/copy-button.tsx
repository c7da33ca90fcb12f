/**
 * Copies a text (an account number, an invite code, a referral link) to the
 * clipboard. Without JavaScript, or without the Clipboard API, it keeps its
 * place but stays hidden (the text beside it is plain, selectable text);
 * once it can copy it shows, so nothing shifts.
 *
 * Two looks: a small button beside the text, whose result is a toast; or,
 * with `status`, a full-width button whose result is a line under it.
 */
import { useEffect, useState } from 'react'
import { notify } from '~/ui/toast-host'

/** The messages of the full-width look, shown under the button for 3 s. */
export interface CopyStatus {
  copied: string
  failed: string
}

const STATUS_SHOWN_MS = 3000

export function CopyButton({
  text,
  label,
  status,
}: {
  text: string
  label: string
  status?: CopyStatus
}) {
  const [ready, setReady] = useState(false)
  const [copied, setCopied] = useState<boolean | null>(null)
  useEffect(() => setReady(typeof navigator !== 'undefined' && !!navigator.clipboard), [])
  const timed = status !== undefined
  useEffect(() => {
    if (copied === null || !timed) return
    const timer = setTimeout(() => setCopied(null), STATUS_SHOWN_MS)
    return () => clearTimeout(timer)
  }, [copied, timed])

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
      if (!status) notify({ type: 'success', message: 'คัดลอกแล้ว' })
    } catch {
      setCopied(false)
      if (!status) notify({ type: 'error', message: 'คัดลอกไม่สำเร็จ กรุณากดค้างที่ตัวเลขเพื่อคัดลอก' })
    }
  }
  const hidden = ready ? '' : 'invisible'

  if (!status) {
    return (
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        aria-hidden={ready ? undefined : true}
        tabIndex={ready ? undefined : -1}
        className={`btn-ghost min-h-9 shrink-0 px-3 py-1 text-sm ${hidden}`}
      >
        {copied ? 'คัดลอกแล้ว' : 'คัดลอก'}
      </button>
    )
  }
  return (
    <>
      <button
        type="button"
        className={`btn-ghost w-full ${hidden}`}
        aria-hidden={ready ? undefined : true}
        tabIndex={ready ? undefined : -1}
        onClick={() => void copy()}
      >
        {label}
      </button>
      <p role="status" className="min-h-5 text-center text-sm text-gold-300">
        {copied === true ? status.copied : copied === false ? status.failed : ''}
      </p>
    </>
  )
}
