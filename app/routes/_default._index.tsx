import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { pageMeta } from '~/lib/meta'
import { MENU, PAGES } from '~/lib/pages'
import { guard } from '~/session/guard.server'
import { useOptionalMember } from '~/ui/member'

const page = PAGES.home

export const loader = (args: LoaderFunctionArgs) => guard(args, { access: page.access }, () => null)

export const meta = pageMeta(page.title)

const SHORTCUTS = MENU.filter((key) => key !== 'home')

export default function Home() {
  const member = useOptionalMember()
  return (
    <section className="space-y-6">
      <div className="card bg-gradient-to-br from-night-800 to-night-900">
        <h1 className="text-2xl font-bold">{page.title}</h1>
        {member ? (
          <p className="mt-1 text-slate-300">
            สวัสดี <span className="font-bold text-slate-100">{member.displayName}</span>
          </p>
        ) : (
          <div className="mt-3 space-y-3">
            <p className="text-slate-300">เข้าสู่ระบบเพื่อเล่นเกม แทงหวย และรับสิทธิพิเศษของสมาชิก</p>
            <div className="flex gap-3">
              <Link to={PAGES.login.path} className="btn-primary flex-1">
                เข้าสู่ระบบ
              </Link>
              <Link to={PAGES.register.path} className="btn-ghost flex-1">
                สมัครสมาชิก
              </Link>
            </div>
          </div>
        )}
      </div>
      <nav aria-label="บริการทั้งหมด">
        <h2 className="mb-3 text-lg font-bold">บริการทั้งหมด</h2>
        <ul className="grid grid-cols-3 gap-3">
          {SHORTCUTS.map((key) => (
            <li key={key}>
              <Link
                to={PAGES[key].path}
                prefetch="intent"
                className="card flex min-h-20 items-center justify-center p-2 text-center text-sm font-bold hover:border-gold-500"
              >
                {PAGES[key].title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}
