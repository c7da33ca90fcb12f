/**
 * The member pages' form labels (/profile's password change, /alliance,
 * /alliance/new, /coupon, a yeekee round's shot); their checks are schemas
 * of ~/forms/schemas.
 */
import { LABELS } from '~/forms/account-forms'

export const PASSWORD_LABELS = {
  currentPassword: 'รหัสผ่านปัจจุบัน',
  password: LABELS.newPassword,
  passwordConfirm: LABELS.newPasswordConfirm,
} as const

export const MEMBER_LABELS = {
  teamName: 'ชื่อทีม',
  inviteCode: 'รหัสเชิญ',
  couponCode: 'รหัสคูปอง',
  shotNumber: 'เลขที่ยิง',
} as const
