/**
 * Who the smoke suite logs in as: the member and the staff person given in
 * the environment, or, when none is given, the demo backend's own smoke
 * accounts (tests/mock-backend/smoke-accounts.ts). A member without a staff
 * account is a run without the staff console's test, which says why.
 */
import { SMOKE_MEMBER, SMOKE_STAFF } from '../../mock-backend/smoke-accounts'

export interface MemberAccount {
  username: string
  password: string
}

export interface StaffAccount extends MemberAccount {
  /** Base32: what the staff person's authenticator app holds. */
  totpSecret: string
}

export interface SmokeAccounts {
  member: MemberAccount
  /** Null: no staff account was given; `staffMissing` says so. */
  staff: StaffAccount | null
  staffMissing: string
  /** Whether these are the demo backend's accounts (nothing was given). */
  demo: boolean
}

type Environment = Readonly<Record<string, string | undefined>>

const STAFF_VARS = ['SMOKE_STAFF_USERNAME', 'SMOKE_STAFF_PASSWORD', 'SMOKE_STAFF_TOTP_SECRET']

/** A setting the run cannot start with; the message names the variable. */
export class SmokeSettingError extends Error {}

function given(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

export function smokeAccounts(env: Environment = process.env): SmokeAccounts {
  const username = given(env, 'SMOKE_USERNAME')
  const password = given(env, 'SMOKE_PASSWORD')
  if (Boolean(username) !== Boolean(password)) {
    throw new SmokeSettingError(
      'SMOKE_USERNAME and SMOKE_PASSWORD go together: set both or neither.',
    )
  }
  const staffValues = STAFF_VARS.map((name) => given(env, name))
  const staffGiven = staffValues.filter(Boolean).length
  if (staffGiven > 0 && staffGiven < STAFF_VARS.length) {
    const missing = STAFF_VARS.filter((_, i) => !staffValues[i])
    throw new SmokeSettingError(`A staff account needs ${missing.join(' and ')} too.`)
  }
  const [staffUsername, staffPassword, totpSecret] = staffValues
  const demo = !username && staffGiven === 0
  const staff =
    staffUsername && staffPassword && totpSecret
      ? { username: staffUsername, password: staffPassword, totpSecret }
      : demo
        ? {
            username: SMOKE_STAFF.username,
            password: SMOKE_STAFF.password,
            totpSecret: SMOKE_STAFF.totpSecret,
          }
        : null
  return {
    member:
      username && password
        ? { username, password }
        : { username: SMOKE_MEMBER.username, password: SMOKE_MEMBER.password },
    staff,
    staffMissing: `no staff account given (set ${STAFF_VARS.join(', ')})`,
    demo,
  }
}
