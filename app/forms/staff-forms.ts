/**
 * The staff console's forms (docs/decisions/0139): the staff login with its
 * one-time code, and the reason and ticket a watch asks for. The same rules
 * run in the browser and in the action (forms/zod.ts).
 */
import { digits, field, max, min, regex, required, withMessage } from '~/forms/rules'
import { WATCH_REASON, WATCH_TICKET } from '~/lib/watch-request'

export const STAFF_LOGIN_LABELS = {
  username: 'ชื่อผู้ใช้เจ้าหน้าที่',
  password: 'รหัสผ่าน',
  otp: 'รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน',
} as const

export const staffLoginFields = {
  username: field(STAFF_LOGIN_LABELS.username, [required(), max(50)]),
  password: field(STAFF_LOGIN_LABELS.password, [required(), max(128)]),
  otp: field(STAFF_LOGIN_LABELS.otp, [
    required(),
    withMessage(digits(6), 'รหัสยืนยันต้องเป็นตัวเลข 6 หลักจากแอปยืนยันตัวตน'),
  ]),
}

export const WATCH_LABELS = {
  reason: 'เหตุผลที่ต้องดูหน้าจอสมาชิก',
  ticket: 'เลขที่เรื่อง (ticket)',
} as const

export const watchFields = {
  reason: field(WATCH_LABELS.reason, [required(), min(WATCH_REASON.min), max(WATCH_REASON.max)]),
  ticket: field(WATCH_LABELS.ticket, [
    required(),
    max(WATCH_TICKET.max),
    withMessage(regex(WATCH_TICKET.pattern), 'เลขที่เรื่องใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ # - _'),
  ]),
}

/** The console's search box takes this much at most. */
export const STAFF_SEARCH_MAX = 100
/** A member's page shows this many requests of the timeline (all that is kept). */
export const TIMELINE_SHOWN = 500
