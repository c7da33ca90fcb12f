/**
 * The smoke tests' `test`: every test fails, saying why in one line, when a
 * page of the preview answers 5xx, a page throws in the browser, or anything
 * reaches for the demo backend's test controls (/__mock/: a preview's
 * backend is a real one, which has none). `memberPage` and `staffPage` log in
 * through the pages before the test and out after it, so a run leaves no
 * session behind.
 */
import { test as base, expect, type APIResponse, type Page } from '@playwright/test'
import { smokeAccounts, type SmokeAccounts } from './accounts'
import { logIn, logOut, staffLogIn, staffLogOut } from './journeys'

/** Requests the smoke suite must never make. */
export const TEST_CONTROLS = /\/__mock(\/|$)/

/** What was wrong with a preview's answer, or null. */
export function brokenAnswer(method: string, url: string, status: number): string | null {
  const { pathname } = new URL(url)
  if (TEST_CONTROLS.test(pathname))
    return `${method} ${pathname} is a test control, not part of a preview`
  if (status >= 500) return `${method} ${pathname} answered ${status}`
  return null
}

/** An answer the test fetched itself (outside a page), checked the same way. */
export function sound(response: APIResponse, method = 'GET'): APIResponse {
  const problem = brokenAnswer(method, response.url(), response.status())
  if (problem) throw new Error(problem)
  return response
}

interface Fixtures {
  /** Watches every answer and page error of the test (automatic). */
  previewChecks: void
  /** The page, with the member logged in through /login (and out after the test). */
  memberPage: Page
  /** The page, with the staff person signed in to the console (and out after the test). */
  staffPage: Page
}

export const test = base.extend<Fixtures, { accounts: SmokeAccounts }>({
  accounts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's needs from this pattern
    async ({}, use) => use(smokeAccounts()),
    { scope: 'worker' },
  ],
  previewChecks: [
    async ({ context, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://invalid').origin
      const problems: string[] = []
      await context.route(TEST_CONTROLS, (route) => {
        problems.push(brokenAnswer(route.request().method(), route.request().url(), 0)!)
        return route.abort('blockedbyclient')
      })
      context.on('response', (response) => {
        if (new URL(response.url()).origin !== origin) return
        const problem = brokenAnswer(response.request().method(), response.url(), response.status())
        if (problem) problems.push(problem)
      })
      context.on('weberror', (error) =>
        problems.push(`a page threw in the browser: ${error.error().message.split('\n')[0]}`),
      )
      await use()
      expect(problems, problems[0]).toEqual([])
    },
    { auto: true },
  ],
  memberPage: async ({ page, accounts }, use) => {
    await logIn(page, accounts.member)
    await use(page)
    await logOut(page)
  },
  staffPage: async ({ page, accounts }, use, testInfo) => {
    testInfo.skip(!accounts.staff, accounts.staffMissing)
    await staffLogIn(page, accounts.staff!)
    await use(page)
    await staffLogOut(page)
  },
})

export { expect }
