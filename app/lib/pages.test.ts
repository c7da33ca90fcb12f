import { describe, expect, it } from 'vitest'
import {
  accessForPath,
  activeNavItem,
  BOTTOM_NAV,
  BOTTOM_NAV_VISITOR,
  isNumericId,
  MENU_GROUPS,
  PAGES,
  type PageKey,
} from '~/lib/pages'

describe('accessForPath', () => {
  it.each([
    ['/', 'public'],
    ['/_root.data', 'public'],
    ['/promotion', 'public'],
    ['/promotion/', 'public'],
    ['/lotto/result.data', 'public'],
    ['/login', 'guest'],
    ['/casino', 'public'],
    ['/transaction', 'member'],
    ['/transaction.data', 'member'],
    ['/order', 'member'],
    ['/order/42', 'member'],
    ['/order/payment/7', 'member'],
    ['/lotto/stake-set/3.data', 'member'],
    ['/news', 'public'],
    ['/news/maintenance', 'public'],
  ])('%s is %s', (path, access) => {
    expect(accessForPath(path)).toBe(access)
  })

  it.each(['/no-such-page', '/casino/1', '/promotion/x', '/login/extra'])(
    '%s is no page',
    (path) => {
      expect(accessForPath(path)).toBeUndefined()
    },
  )
})

describe('isNumericId', () => {
  it('accepts no id and positive whole numbers', () => {
    expect(isNumericId(undefined)).toBe(true)
    expect(isNumericId('42')).toBe(true)
  })
  it.each(['0', 'abc', '1.5', '-1', '007', ''])('refuses %j', (id) => {
    expect(isNumericId(id)).toBe(false)
  })
})

describe('activeNavItem', () => {
  it.each([
    ['/', 'home', 'page'],
    ['/games', 'games', 'page'],
    ['/casino', 'games', 'section'],
    ['/slot', 'games', 'section'],
    ['/sport/', 'games', 'section'],
    ['/games/lobby', 'games', 'section'],
    ['/lotto', 'lotto', 'page'],
    ['/lotto/stake', 'lotto', 'section'],
    ['/lotto/stake-set', 'lotto', 'section'],
    ['/lotto/stake-set/12', 'lotto', 'section'],
    ['/transaction', 'transaction', 'page'],
    ['/order/payment/3', 'transaction', 'section'],
    ['/alliance/new', 'profile', 'section'],
  ])('a member on %s: %s (%s)', (path, key, current) => {
    expect(activeNavItem(path, BOTTOM_NAV)).toEqual({ key, current })
  })

  it.each(['/lotto/result', '/promotion', '/lottox', '/games-x'])(
    'a member on %s: no item',
    (path) => {
      expect(activeNavItem(path, BOTTOM_NAV)).toBeUndefined()
    },
  )

  it.each([
    ['/', 'home'],
    ['/games', 'games'],
    ['/lotto', 'lotto'],
    ['/promotion', 'promotion'],
    ['/register', 'register'],
  ])('a visitor on %s: %s', (path, key) => {
    expect(activeNavItem(path, BOTTOM_NAV_VISITOR)).toEqual({ key, current: 'page' })
  })

  it.each([
    ['/casino', 'games'],
    ['/games/lobby', 'games'],
    ['/lotto/result', 'lotto'],
  ])('a visitor on %s: the section of %s', (path, key) => {
    expect(activeNavItem(path, BOTTOM_NAV_VISITOR)).toEqual({ key, current: 'section' })
  })

  it('a visitor on /login: no item (เข้าสู่ระบบ is in the top bar)', () => {
    expect(activeNavItem('/login', BOTTOM_NAV_VISITOR)).toBeUndefined()
  })
})

describe('navigation covers every page', () => {
  const linked = new Set<string>([
    ...MENU_GROUPS.flatMap((g) => g.items),
    ...BOTTOM_NAV.map((i) => i.key),
    ...BOTTOM_NAV_VISITOR.map((i) => i.key),
  ])
  // Reached from their own section pages (docs/decisions/0050-navigation-map.md):
  // game tiles link the lobby and launch, /lotto links stake, stake-set and launch;
  // /forget from /login, /watcher and /line/callback are entered from outside.
  const fromPages = new Set([
    'gamesLobby',
    'gamesLaunch',
    'lottoStake',
    'lottoStakeSet',
    'lottoLaunch',
    // /lotto's yeekee group links the round open now.
    'lottoYeekee',
    // The top bar's bell.
    'notifications',
    'forget',
    'watcher',
    'lineCallback',
    // The home page's news list links /news and each /news/:id.
    'news',
    // The top bar's เข้าสู่ระบบ button and the one under the menu.
    'login',
    // The staff console has its own shell and menu (app/ui/staff/staff-shell.tsx).
    'staffLogin',
    'staffHome',
    'staffMember',
    'staffAudit',
  ])
  it.each(Object.keys(PAGES))(
    '%s is in the menu, the bottom nav or a page of its section',
    (key) => {
      expect(linked.has(key as PageKey) || fromPages.has(key)).toBe(true)
    },
  )
})
