/**
 * The guest-only pages, in a module of their own: the login page imports
 * just these, so its first load does not carry the whole page table
 * (app/lib/pages.ts, which includes them).
 */
/**
 * Who may see a page: anyone, only visitors who are not logged in, only
 * members; and the staff console's: staff not logged in as staff (its
 * login), any staff person, or supervisors only (docs/decisions/0139).
 */
export type Access = 'public' | 'guest' | 'member' | 'staff-guest' | 'staff' | 'supervisor'

/** The staff console's access levels: the staff session's pages, never the member's. */
export function isStaffAccess(access: Access | undefined): boolean {
  return access === 'staff-guest' || access === 'staff' || access === 'supervisor'
}

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
