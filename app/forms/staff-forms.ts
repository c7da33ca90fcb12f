/**
 * The staff console's forms' labels (docs/decisions/0139): the staff login
 * with its one-time code, and the reason and ticket a watch asks for. Their
 * checks are `staffLoginSchema` and `watchSchema` of ~/forms/schemas.
 */
export const STAFF_LOGIN_LABELS = {
  username: 'ชื่อผู้ใช้เจ้าหน้าที่',
  password: 'รหัสผ่าน',
  otp: 'รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน',
} as const

export const WATCH_LABELS = {
  reason: 'เหตุผลที่ต้องดูหน้าจอสมาชิก',
  ticket: 'เลขที่เรื่อง (ticket)',
} as const

/** The console's search box takes this much at most. */
export const STAFF_SEARCH_MAX = 100
/** A member's page shows this many requests of the timeline (all that is kept). */
export const TIMELINE_SHOWN = 500
