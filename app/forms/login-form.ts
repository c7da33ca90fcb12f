/**
 * The login form's labels. Its own module, apart from the registration and
 * password recovery forms, so the login page's JavaScript carries only these;
 * its checks are `loginSchema` of ~/forms/schemas.
 */
export const LOGIN_LABELS = {
  username: 'ชื่อผู้ใช้',
  password: 'รหัสผ่าน',
} as const
