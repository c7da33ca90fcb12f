/**
 * The login form's fields. Its own module, apart from the registration and
 * password recovery forms, so the login page's JavaScript carries only these.
 */
import { field, max, required } from '~/forms/rules'

export const LOGIN_LABELS = {
  username: 'ชื่อผู้ใช้',
  password: 'รหัสผ่าน',
} as const

export const loginFields = {
  username: field(LOGIN_LABELS.username, [required(), max(50)]),
  password: field(LOGIN_LABELS.password, [required(), max(128)]),
}
