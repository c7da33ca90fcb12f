// Apart from ./pages.ts so the login page's first load does not carry the whole page table.
/** The staff levels: docs/decisions/0139. */
export type Access = 'public' | 'guest' | 'member' | 'staff-guest' | 'staff' | 'supervisor'

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
