import { describe, expect, it } from 'vitest'
import { SMOKE_MEMBER, SMOKE_STAFF } from '../../mock-backend/smoke-accounts'
import { smokeAccounts, SmokeSettingError } from './accounts'

const STAFF = {
  SMOKE_STAFF_USERNAME: 'ops-smoke',
  SMOKE_STAFF_PASSWORD: 'pw',
  SMOKE_STAFF_TOTP_SECRET: 'JBSWY3DPEHPK3PXP',
}

describe('smokeAccounts', () => {
  it("takes the demo backend's smoke member and staff when nothing is given", () => {
    const accounts = smokeAccounts({})
    expect(accounts.demo).toBe(true)
    expect(accounts.member).toEqual({
      username: SMOKE_MEMBER.username,
      password: SMOKE_MEMBER.password,
    })
    expect(accounts.staff?.username).toBe(SMOKE_STAFF.username)
  })

  it('takes the given member and staff', () => {
    const accounts = smokeAccounts({ SMOKE_USERNAME: 'qa1', SMOKE_PASSWORD: 'secret', ...STAFF })
    expect(accounts.demo).toBe(false)
    expect(accounts.member).toEqual({ username: 'qa1', password: 'secret' })
    expect(accounts.staff).toEqual({
      username: 'ops-smoke',
      password: 'pw',
      totpSecret: 'JBSWY3DPEHPK3PXP',
    })
  })

  it('runs without staff when only a member is given, and says which variables would add one', () => {
    const accounts = smokeAccounts({
      SMOKE_USERNAME: 'qa1',
      SMOKE_PASSWORD: 'secret',
      SMOKE_STAFF_USERNAME: ' ',
    })
    expect(accounts.staff).toBeNull()
    expect(accounts.staffMissing).toBe(
      'no staff account given (set SMOKE_STAFF_USERNAME, SMOKE_STAFF_PASSWORD, SMOKE_STAFF_TOTP_SECRET)',
    )
  })

  it('refuses half an account, naming what is missing', () => {
    expect(() => smokeAccounts({ SMOKE_USERNAME: 'qa1' })).toThrow(SmokeSettingError)
    expect(() =>
      smokeAccounts({ SMOKE_STAFF_USERNAME: 'ops', SMOKE_STAFF_PASSWORD: 'pw' }),
    ).toThrow('A staff account needs SMOKE_STAFF_TOTP_SECRET too.')
  })
})
