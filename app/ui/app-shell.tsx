/**
 * The member shell (the `default` layout): top bar with the logo and the
 * balance, a menu (a <details> element: works before JavaScript loads), the
 * content, and the bottom navigation on phones.
 */
import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SITE_NAME } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import { BOTTOM_NAV, MENU, PAGES } from '~/lib/pages'
import { useOptionalMember } from '~/ui/member'
import { WatcherBanner } from '~/ui/watcher-banner'

function LogoutButton() {
  const { pathname, search } = useLocation()
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name="from" value={pathname + search} />
      <button type="submit" className="btn-ghost w-full">
        ออกจากระบบ
      </button>
    </Form>
  )
}

function Menu() {
  const member = useOptionalMember()
  return (
    <details className="relative">
      <summary className="btn-ghost cursor-pointer list-none px-3" aria-label="เมนู">
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
          <rect y="3" width="20" height="2" rx="1" />
          <rect y="9" width="20" height="2" rx="1" />
          <rect y="15" width="20" height="2" rx="1" />
        </svg>
      </summary>
      <nav
        aria-label="เมนูหลัก"
        className="absolute right-0 z-40 mt-2 w-64 rounded-2xl border border-night-700 bg-night-900 p-2 shadow-xl"
      >
        <ul className="grid grid-cols-2 gap-1">
          {MENU.map((key) => (
            <li key={key}>
              <Link
                to={PAGES[key].path}
                prefetch="intent"
                className="block rounded-lg px-3 py-2 text-sm hover:bg-night-800"
              >
                {PAGES[key].title}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-2 border-t border-night-700 pt-2">
          {member ? (
            <LogoutButton />
          ) : (
            <Link to={PAGES.login.path} className="btn-primary w-full">
              เข้าสู่ระบบ
            </Link>
          )}
        </div>
      </nav>
    </details>
  )
}

function TopBar() {
  const member = useOptionalMember()
  return (
    <header className="sticky top-0 z-30 border-b border-night-800 bg-night-950/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-app items-center gap-3 px-4">
        <Link to="/" className="text-lg font-bold text-gold-400">
          {SITE_NAME}
        </Link>
        <div className="ml-auto flex items-center gap-2">
          {member ? (
            <p className="rounded-xl bg-night-800 px-3 py-1 text-right leading-tight">
              <span className="block text-xs text-slate-300">ยอดเงิน</span>
              <span className="font-bold text-gold-300" data-testid="balance">
                {formatBaht(member.balance)}
              </span>
            </p>
          ) : (
            <Link to={PAGES.login.path} className="btn-primary min-h-9 py-1 text-sm">
              เข้าสู่ระบบ
            </Link>
          )}
          <Menu />
        </div>
      </div>
    </header>
  )
}

function BottomNav() {
  return (
    <nav
      aria-label="เมนูด่วน"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-night-800 bg-night-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid max-w-app grid-cols-5">
        {BOTTOM_NAV.map((key) => (
          <li key={key}>
            <NavLink
              to={PAGES[key].path}
              end={key === 'home'}
              prefetch="intent"
              className={({ isActive }) =>
                `flex min-h-14 items-center justify-center px-1 text-center text-xs ${
                  isActive ? 'font-bold text-gold-400' : 'text-slate-300'
                }`
              }
            >
              {PAGES[key].title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <>
      <WatcherBanner />
      <TopBar />
      <main className="mx-auto max-w-app px-4 pb-24 pt-4 md:pb-8">{children}</main>
      <BottomNav />
    </>
  )
}
