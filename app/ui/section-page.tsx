/**
 * A section page whose contents arrive in a later issue: its title and the
 * member it greets. It claims no feature it does not have.
 */
import type { ReactNode } from 'react'
import { useOptionalMember } from '~/ui/member'

export function SectionPage({ title, children }: { title: string; children?: ReactNode }) {
  const member = useOptionalMember()
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      {member ? (
        <p className="text-slate-300">
          สวัสดี <span className="font-bold text-slate-100">{member.displayName}</span>
        </p>
      ) : null}
      {children ?? <p className="card text-slate-300">ส่วนนี้กำลังเตรียมเปิดให้บริการ</p>}
    </section>
  )
}
