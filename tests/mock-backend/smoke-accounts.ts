/**
 * The accounts the smoke suite (tests/smoke) uses against the demo backend
 * when it is given none: a member and a support staff person of their own,
 * as a staging backend would provision them (docs/deploy.md "Preview
 * deployments"), so that the smoke runs of `npm test` share no login, order
 * or one-time code with the other e2e tests of their worker.
 */
export const SMOKE_MEMBER = Object.freeze({
  id: 1006,
  username: 'smoke',
  password: 'smoke1234',
  displayName: 'ทดสอบ ระบบอัตโนมัติ',
  phone: '0870000006',
})

export const SMOKE_STAFF = Object.freeze({
  id: 9003,
  username: 'smokestaff',
  password: 'smoke1234',
  displayName: 'ทดสอบ ฝ่ายบริการอัตโนมัติ',
  totpSecret: 'DVTYAKET6JYVSX7T4WH5HK7YLLDRLHFK',
})
