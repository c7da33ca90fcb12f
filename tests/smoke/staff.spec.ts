/**
 * The support console on a preview: a staff person signs in with the
 * authenticator's code, finds the smoke member and opens the member's page
 * (no watch: that is on the record, for real cases only).
 */
import { expect, test } from './support/fixtures'

test(
  'the staff console signs in with the authenticator code and finds the smoke member',
  { tag: ['@smoke', '@staff'] },
  async ({ staffPage: page, accounts }) => {
    const { username } = accounts.member
    await page.goto(`/staff?q=${encodeURIComponent(username)}`)
    const found = page.getByRole('link', { name: username, exact: true })
    await expect(found).toBeVisible()
    await found.click()
    await expect(page).toHaveURL(/\/staff\/members\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(username)
  },
)
