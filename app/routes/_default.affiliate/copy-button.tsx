// Without JavaScript the button keeps its place but stays invisible; the text is in a read-only field.
import { useEffect, useState } from 'react'

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [ready, setReady] = useState(false)
  const [copied, setCopied] = useState<boolean | null>(null)
  useEffect(() => setReady(typeof navigator !== 'undefined' && !!navigator.clipboard), [])
  useEffect(() => {
    if (copied === null) return
    const timer = setTimeout(() => setCopied(null), 3000)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <>
      <button
        type="button"
        className={`btn-ghost w-full ${ready ? '' : 'invisible'}`}
        aria-hidden={ready ? undefined : true}
        tabIndex={ready ? undefined : -1}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }}
      >
        {label}
      </button>
      <p role="status" className="min-h-5 text-center text-sm text-gold-300">
        {copied === true
          ? 'คัดลอกลิงก์แล้ว'
          : copied === false
            ? 'คัดลอกไม่สำเร็จ กรุณาเลือกข้อความแล้วคัดลอกเอง'
            : ''}
      </p>
    </>
  )
}
