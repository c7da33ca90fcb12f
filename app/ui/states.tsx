// The rest of the page stays when a part is missing.
import type { ReactNode } from 'react'

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card text-center">
      <p className="font-bold text-slate-100">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-300">{children}</div> : null}
    </div>
  )
}

/** role="alert" only when it must interrupt. */
export function Notice({
  tone = 'info',
  children,
  urgent = false,
}: {
  tone?: 'info' | 'error' | 'warning'
  children: ReactNode
  urgent?: boolean
}) {
  const tones = {
    info: 'border-sky-700 bg-sky-950/60 text-sky-100',
    error: 'border-red-700 bg-red-950/60 text-red-100',
    warning: 'border-amber-600 bg-amber-950/60 text-amber-100',
  }
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={`rounded-2xl border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  )
}
