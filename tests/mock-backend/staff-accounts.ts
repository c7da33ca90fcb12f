/**
 * The demo backend's staff accounts (docs/backend-api.md, "Demo members"):
 * who they are, their passwords and the TOTP secrets their authenticator
 * apps hold, and the code an app would show. Apart from the rest of
 * staff.ts so that the demo backend's start lines and the tests (the e2e
 * helper tests/e2e/support/staff.ts too) read the same accounts without the
 * backend's routes.
 */
import { Secret, TOTP } from 'otpauth'
import type { Staff, StaffRole } from '../../app/backend/staff.schemas'
import { SMOKE_STAFF } from './smoke-accounts'

export interface StaffAccount extends Staff {
  password: string
  /** Base32, 32 characters: what the authenticator app is given. */
  totpSecret: string
}

/** The demo's staff (README and the demo backend's start lines show them). */
export const SEED_STAFF: readonly Readonly<StaffAccount>[] = Object.freeze([
  {
    id: 9001,
    username: 'support1',
    password: 'support1234',
    displayName: 'สมหญิง ฝ่ายบริการ',
    role: 'support' satisfies StaffRole,
    totpSecret: '7IS7REG77YAAYPEQYTU3TMODD32W43YM',
  },
  {
    id: 9002,
    username: 'super1',
    password: 'super1234',
    displayName: 'ประเสริฐ หัวหน้าฝ่ายบริการ',
    role: 'supervisor' satisfies StaffRole,
    totpSecret: 'EAYI2OMD6LRAPP5BLP6XPOJS5PWDEER6',
  },
  { ...SMOKE_STAFF, role: 'support' satisfies StaffRole },
])

/** TOTP as the contract fixes it: SHA-1, six digits, 30 s. */
export function staffTotp(account: Pick<StaffAccount, 'username' | 'totpSecret'>): TOTP {
  return new TOTP({
    issuer: 'Member Club Staff',
    label: account.username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(account.totpSecret),
  })
}

/** The code of `username`'s authenticator app at `now` (real time unless given). */
export function staffOtp(username: string, now = Date.now()): string {
  const account = SEED_STAFF.find((s) => s.username === username)
  if (!account) throw new Error(`no demo staff named ${username}`)
  return staffTotp(account).generate({ timestamp: now })
}

/** One line per demo staff account, for the demo backend's start (stderr). */
export function staffStartLines(): string[] {
  return SEED_STAFF.map(
    (s) =>
      `[demo] staff ${s.username} / ${s.password} (${s.role}), TOTP secret ${s.totpSecret} (${staffTotp(s).toString()})`,
  )
}
