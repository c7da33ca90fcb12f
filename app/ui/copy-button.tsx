// Without JavaScript it keeps its place but stays hidden, so nothing shifts when it shows.
import { useEffect, useState } from 'react'
import { notify } from '~/ui/toast-host'

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [ready, setReady] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setReady(true), [])
  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
      notify({ type: 'success', message: 'คัดลอกแล้ว' })
    } catch {
      notify({ type: 'error', message: 'คัดลอกไม่สำเร็จ กรุณากดค้างที่ตัวเลขเพื่อคัดลอก' })
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      className={`btn-ghost min-h-9 shrink-0 px-3 py-1 text-sm ${ready ? '' : 'invisible'}`}
    >
      {copied ? 'คัดลอกแล้ว' : 'คัดลอก'}
    </button>
  )
}
