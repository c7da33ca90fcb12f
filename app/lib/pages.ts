import { GUEST_PAGES, isStaffAccess, type Access, type PageInfo } from '~/lib/guest-pages'

export type { Access, PageInfo } from '~/lib/guest-pages'

export const PAGES = {
  home: { path: '/', title: 'หน้าแรก', access: 'public' },
  affiliate: { path: '/affiliate', title: 'แนะนำเพื่อน', access: 'member' },
  alliance: { path: '/alliance', title: 'ทีมของฉัน', access: 'member' },
  allianceNew: { path: '/alliance/new', title: 'สร้างทีมใหม่', access: 'member' },
  cashback: { path: '/cashback', title: 'คืนยอดเสีย', access: 'member' },
  casino: { path: '/casino', title: 'คาสิโน', access: 'public' },
  coupon: { path: '/coupon', title: 'คูปอง', access: 'member' },
  czipz: { path: '/czipz', title: 'เกมลุ้นรางวัล', access: 'member' },
  forget: GUEST_PAGES.forget,
  games: { path: '/games', title: 'เกม', access: 'public' },
  gamesLaunch: { path: '/games/launch', title: 'เข้าเล่นเกม', access: 'member' },
  gamesLobby: { path: '/games/lobby', title: 'ล็อบบี้เกม', access: 'public' },
  lineCallback: { path: '/line/callback', title: 'เข้าสู่ระบบด้วย LINE', access: 'public' },
  login: GUEST_PAGES.login,
  lotto: { path: '/lotto', title: 'หวย', access: 'public' },
  lottoLaunch: { path: '/lotto/launch', title: 'เข้าเล่นหวย', access: 'member' },
  lottoResult: { path: '/lotto/result', title: 'ผลหวย', access: 'public' },
  lottoStake: { path: '/lotto/stake', title: 'แทงหวย', access: 'member' },
  lottoStakeSet: { path: '/lotto/stake-set', title: 'ชุดตัวเลขของฉัน', access: 'member' },
  lottoYeekee: { path: '/lotto/yeekee', title: 'ยิงเลขยี่กี', access: 'member' },
  news: { path: '/news', title: 'ข่าวสาร', access: 'public' },
  notifications: { path: '/notifications', title: 'การแจ้งเตือน', access: 'member' },
  order: { path: '/order', title: 'รายการสั่งฝาก', access: 'member' },
  orderPayment: { path: '/order/payment', title: 'ชำระเงิน', access: 'member' },
  profile: { path: '/profile', title: 'โปรไฟล์', access: 'member' },
  promotion: { path: '/promotion', title: 'โปรโมชั่น', access: 'public' },
  register: GUEST_PAGES.register,
  slot: { path: '/slot', title: 'สล็อต', access: 'public' },
  sport: { path: '/sport', title: 'กีฬา', access: 'public' },
  transaction: { path: '/transaction', title: 'ฝาก-ถอน', access: 'member' },
  watcher: { path: '/watcher', title: 'โหมดผู้ดูแล', access: 'public' },
  // The staff console (docs/decisions/0139): the staff session's pages.
  staffLogin: { path: '/staff/login', title: 'เข้าสู่ระบบเจ้าหน้าที่', access: 'staff-guest' },
  staffHome: { path: '/staff', title: 'ค้นหาสมาชิก', access: 'staff' },
  staffMember: { path: '/staff/members', title: 'ข้อมูลสมาชิก', access: 'staff' },
  staffAudit: { path: '/staff/audit', title: 'บันทึกการดูหน้าจอสมาชิก', access: 'supervisor' },
} as const satisfies Record<string, PageInfo>

export { GUEST_PAGES, isStaffAccess }

export type PageKey = keyof typeof PAGES

/** docs/decisions/0050-navigation-map.md. */
export const MENU_GROUPS: readonly { label: string; items: readonly PageKey[] }[] = [
  { label: 'เล่น', items: ['home', 'games', 'casino', 'slot', 'sport', 'lotto', 'lottoResult'] },
  { label: 'การเงิน', items: ['transaction', 'order', 'orderPayment'] },
  { label: 'โปรโมชั่น', items: ['promotion', 'coupon', 'cashback', 'czipz'] },
  { label: 'บัญชี', items: ['profile', 'affiliate', 'alliance', 'allianceNew'] },
]

export interface NavItem {
  key: PageKey
  section?: readonly string[]
}

const GAMES_ITEM: NavItem = {
  key: 'games',
  section: ['/games/lobby', '/games/launch', '/casino', '/slot', '/sport'],
}

export const BOTTOM_NAV_VISITOR: readonly NavItem[] = [
  { key: 'home' },
  GAMES_ITEM,
  { key: 'lotto', section: ['/lotto/result'] },
  { key: 'promotion' },
  { key: 'register' },
]

export const BOTTOM_NAV: readonly NavItem[] = [
  { key: 'home' },
  GAMES_ITEM,
  { key: 'lotto', section: ['/lotto/stake', '/lotto/stake-set', '/lotto/launch', '/lotto/yeekee'] },
  { key: 'transaction', section: ['/order'] },
  { key: 'profile', section: ['/affiliate', '/alliance'] },
]

export function activeNavItem(
  pathname: string,
  items: readonly NavItem[],
): { key: PageKey; current: 'page' | 'section' } | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  const exact = items.find((item) => PAGES[item.key].path === path)
  if (exact) return { key: exact.key, current: 'page' }
  const inSection = items.find((item) =>
    item.section?.some((root) => path === root || path.startsWith(`${root}/`)),
  )
  return inSection ? { key: inSection.key, current: 'section' } : undefined
}

const ID_PAGES: readonly PageInfo[] = [
  PAGES.lottoStakeSet,
  PAGES.order,
  PAGES.orderPayment,
  // `/news/:id` (the id is the backend's, not a number).
  PAGES.news,
  PAGES.staffMember,
]

/** Also for single-fetch data URLs (`/casino.data`, `/_root.data`). */
export function accessForPath(pathname: string): Access | undefined {
  let path = pathname.replace(/\.data$/, '').replace(/\/+$/, '') || '/'
  if (path === '/_root') path = '/'
  const pages = Object.values(PAGES as Record<string, PageInfo>)
  const exact = pages.find((p) => p.path === path)
  if (exact) return exact.access
  const parent = path.slice(0, path.lastIndexOf('/'))
  return ID_PAGES.find((p) => p.path === parent)?.access
}

export function isNumericId(id: string | undefined): boolean {
  return id === undefined || /^[1-9][0-9]{0,17}$/.test(id)
}
