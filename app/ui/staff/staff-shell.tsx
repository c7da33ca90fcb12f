// Plain links and forms: works before JavaScript loads, on a desktop and at 360 px.
import { Form, Link, NavLink, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { Staff, StaffRole } from '~/backend/staff.schemas'
import { PAGES } from '~/lib/pages'

export const STAFF_ROLE_TEXT: Readonly<Record<StaffRole, string>> = {
  support: 'ฝ่ายบริการสมาชิก',
  supervisor: 'หัวหน้าฝ่ายบริการ',
}

export type ShellStaff = Pick<Staff, 'username' | 'displayName' | 'role'>

export function useStaff(): ShellStaff | null {
  const data = useRouteLoaderData('routes/staff') as { staff: ShellStaff | null } | undefined
  return data?.staff ?? null
}

const NAV_LINK = 'rounded-lg px-3 py-2 text-sm hover:bg-night-800 aria-[current=page]:bg-night-800'

export function StaffShell({ children }: { children: ReactNode }) {
  const staff = useStaff()
  return (
    <div className="min-h-dvh bg-night-950 text-slate-100">
      <header className="border-b border-night-700 bg-night-900">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link to={staff ? PAGES.staffHome.path : PAGES.staffLogin.path} className="font-bold">
            คอนโซลเจ้าหน้าที่
          </Link>
          {staff ? (
            <>
              <nav aria-label="เมนูเจ้าหน้าที่" className="flex flex-wrap gap-1">
                <NavLink to={PAGES.staffHome.path} end className={NAV_LINK}>
                  {PAGES.staffHome.title}
                </NavLink>
                {staff.role === 'supervisor' ? (
                  <NavLink to={PAGES.staffAudit.path} className={NAV_LINK}>
                    {PAGES.staffAudit.title}
                  </NavLink>
                ) : null}
              </nav>
              <div className="ml-auto flex items-center gap-3 text-sm">
                <p>
                  <span className="font-bold">{staff.displayName || staff.username}</span>{' '}
                  <span className="text-slate-300">({STAFF_ROLE_TEXT[staff.role]})</span>
                </p>
                <Form method="post" action="/staff/logout">
                  <button type="submit" className="btn-ghost whitespace-nowrap px-3 py-1 text-sm">
                    ออกจากระบบ
                  </button>
                </Form>
              </div>
            </>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6">
        {children}
      </main>
    </div>
  )
}
