/**
 * The guest-only pages, in a module of their own: the login page imports
 * just these, so its first load does not carry the whole page table
 * (app/lib/pages.ts, which includes them).
 */
/** Who may see a page: anyone, only visitors who are not logged in, or only members. */
export type Access = 'public' | 'guest' | 'member'

export interface PageInfo {
  path: string
  title: string
  access: Access
}

export const GUEST_PAGES = {
  forget: { path: '/forget', title: 'ลืมรหัสผ่าน', access: 'guest' },
  login: { path: '/login', title: 'เข้าสู่ระบบ', access: 'guest' },
  register: { path: '/register', title: 'สมัครสมาชิก', access: 'guest' },
} as const satisfies Record<string, PageInfo>
