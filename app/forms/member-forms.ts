/**
 * The member pages' forms (/profile, /alliance, /alliance/new), on the rule
 * set: the browser checks them with `resolveForm`, the actions with
 * `parseForm` (~/forms/zod), so both give the same Thai messages.
 */
import { LABELS, newPasswordFormFields } from '~/forms/account-forms'
import { field, max, min, regex, required, withMessage } from '~/forms/rules'
import { INVITE_CODE, TEAM_NAME } from '~/lib/team-name'

/** Change password: the current one, then a new one under the registration's rules. */
export const changePasswordFields = {
  currentPassword: field('รหัสผ่านปัจจุบัน', [required()]),
  password: newPasswordFormFields.password,
  passwordConfirm: newPasswordFormFields.passwordConfirm,
}

export const PASSWORD_LABELS = {
  currentPassword: 'รหัสผ่านปัจจุบัน',
  password: LABELS.newPassword,
  passwordConfirm: LABELS.newPasswordConfirm,
} as const

export const teamNameFields = {
  name: field('ชื่อทีม', [
    required(),
    min(TEAM_NAME.min),
    max(TEAM_NAME.max),
    withMessage(regex(TEAM_NAME.pattern), 'ชื่อทีมใช้ได้เฉพาะตัวอักษรไทย ภาษาอังกฤษ ตัวเลข และเว้นวรรค'),
  ]),
}

export const inviteCodeFields = {
  inviteCode: field('รหัสเชิญ', [
    required(),
    withMessage(regex(INVITE_CODE), 'รหัสเชิญต้องเป็นตัวอักษรภาษาอังกฤษหรือตัวเลข 4-12 ตัว'),
  ]),
}
