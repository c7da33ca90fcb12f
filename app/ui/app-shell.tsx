// docs/decisions/0050-navigation-map.md says what links where, 0052-menu-and-keyboard.md how the menu behaves.
import { Form, Link, useLocation } from '@remix-run/react'
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { SITE_NAME } from '~/lib/meta'
import { formatBaht } from '~/lib/money'
import {
  activeNavItem,
  BOTTOM_NAV,
  BOTTOM_NAV_VISITOR,
  MENU_GROUPS,
  PAGES,
  type PageKey,
} from '~/lib/pages'
import { useLiveBalance, useLiveConnected, useLiveUnread } from '~/ui/live/live-events'
import { useOptionalMember, type ShellMember } from '~/ui/member'
import { SupportLink } from '~/ui/support-link'

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

const MENU_LINK = 'block rounded-lg px-3 py-2 text-sm hover:bg-night-800'

/**
 * A <details> (opens before JavaScript loads); with JavaScript it also closes on Escape, on a choice,
 * when focus moves past it (Tab never reaches a control hidden under it) and on a press outside.
 */
function Menu() {
  const member = useOptionalMember()
  const { pathname } = useLocation()
  const details = useRef<HTMLDetailsElement>(null)
  const close = () => {
    const menu = details.current
    if (!menu?.open) return
    menu.open = false
    menu.querySelector('summary')?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close()
  }
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('nav a')) close()
  }
  // A press outside: pointerdown, as clicks on plain content do not reach the
  // document on iOS Safari. Listened to only while the menu is open.
  useEffect(() => {
    const menu = details.current
    if (!menu) return
    const outside = (event: PointerEvent) => {
      if (!menu.contains(event.target as Node)) menu.open = false
    }
    const onToggle = () => {
      if (menu.open) document.addEventListener('pointerdown', outside)
      else document.removeEventListener('pointerdown', outside)
    }
    menu.addEventListener('toggle', onToggle)
    return () => {
      menu.removeEventListener('toggle', onToggle)
      document.removeEventListener('pointerdown', outside)
    }
  }, [])
  return (
    // The handlers listen to the links and the toggle inside (delegation):
    // <details> itself is the disclosure, the controls are its children.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={details}
      className="relative"
      onKeyDown={onKeyDown}
      onClick={onClick}
      onBlur={(event) => {
        // Focus moved on to a control outside (Tab). A click that focuses
        // nothing (Safari on links) must not close it before the click lands.
        const to = event.relatedTarget
        if (to && !event.currentTarget.contains(to)) event.currentTarget.open = false
      }}
    >
      <summary className="btn-ghost cursor-pointer list-none px-3" aria-label="เมนู">
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
          <rect y="3" width="20" height="2" rx="1" />
          <rect y="9" width="20" height="2" rx="1" />
          <rect y="15" width="20" height="2" rx="1" />
        </svg>
      </summary>
      <nav
        aria-label="เมนูหลัก"
        className="absolute right-0 z-40 mt-2 max-h-[calc(100dvh-5rem)] w-72 overflow-y-auto rounded-2xl border border-night-700 bg-night-900 p-2 shadow-xl"
      >
        {MENU_GROUPS.map((group) => (
          <ul key={group.label} aria-label={group.label} className="grid grid-cols-2 gap-1 py-1">
            {group.items.map((key) => {
              const here = PAGES[key].path === pathname
              return (
                <li key={key}>
                  <Link
                    to={PAGES[key].path}
                    prefetch="intent"
                    aria-current={here ? 'page' : undefined}
                    className={here ? `${MENU_LINK} font-bold text-gold-400` : MENU_LINK}
                  >
                    {PAGES[key].title}
                  </Link>
                </li>
              )
            })}
          </ul>
        ))}
        <div className="mt-1 space-y-2 border-t border-night-700 pt-2">
          <SupportLink className={`${MENU_LINK} text-center`} />
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
  // Support can read it off the page; so can the tests.
  const live = useLiveConnected()
  return (
    <header
      data-live={member ? (live ? 'open' : 'closed') : undefined}
      className="sticky top-0 z-30 border-b border-night-800 bg-night-950/95 backdrop-blur"
    >
      <div className="mx-auto flex h-14 max-w-app items-center gap-3 px-4">
        <Link to="/" className="shrink-0 whitespace-nowrap text-lg font-bold text-gold-400">
          {SITE_NAME}
        </Link>
        <div className="ml-auto flex items-center gap-2">
          {member ? <Bell member={member} /> : null}
          {member ? (
            <Link
              to={PAGES.transaction.path}
              className="rounded-xl bg-night-800 px-3 py-1 text-right leading-tight hover:bg-night-700"
            >
              <span className="block text-xs text-slate-300">ยอดเงิน</span>
              <span className="font-bold text-gold-300" data-testid="balance">
                <LiveBalance balance={member.balance} />
              </span>
            </Link>
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

function Bell({ member }: { member: ShellMember }) {
  const unread = useLiveUnread(member.unread, member)
  const { pathname } = useLocation()
  const label = unread > 0 ? `การแจ้งเตือน ยังไม่อ่าน ${unread} รายการ` : 'การแจ้งเตือน'
  return (
    <Link
      to={PAGES.notifications.path}
      aria-label={label}
      aria-current={pathname === PAGES.notifications.path ? 'page' : undefined}
      className="btn-ghost relative px-2"
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
      </svg>
      {unread > 0 ? (
        <span
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-danger px-1 text-center text-xs font-bold leading-5 text-night-950"
          data-testid="unread-count"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  )
}

function LiveBalance({ balance }: { balance: number }) {
  return <>{formatBaht(useLiveBalance(balance))}</>
}

/**
 * Each label is one line (decision 0105) in equal cells none narrower than its label in the phone's
 * own font: a fifth of 360 px did not hold "สมัครสมาชิก" in Loma (decision 0149).
 */
function BottomNav() {
  const member = useOptionalMember()
  const { pathname } = useLocation()
  const items = member ? BOTTOM_NAV : BOTTOM_NAV_VISITOR
  const active = activeNavItem(pathname, items)
  const currentOf = (key: PageKey) =>
    active?.key === key ? (active.current === 'page' ? 'page' : 'true') : undefined
  return (
    <nav
      aria-label="เมนูด่วน"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-night-800 bg-night-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="label-cells mx-auto max-w-app">
        {items.map(({ key }) => (
          <li key={key}>
            <Link
              to={PAGES[key].path}
              prefetch="intent"
              aria-current={currentOf(key)}
              className={`flex min-h-14 items-center justify-center whitespace-nowrap px-1 text-center text-xs ${
                active?.key === key ? 'font-bold text-gold-400' : 'text-slate-300'
              }`}
            >
              {PAGES[key].title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** `banner`: the staff watch's, above the top bar (app/routes/_default.tsx). */
export function AppShell({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <>
      {banner}
      <TopBar />
      <main id="main" className="mx-auto max-w-app px-4 pb-24 pt-4 md:pb-8">
        {children}
      </main>
      <BottomNav />
    </>
  )
}
