/**
 * Before the smoke tests run against a preview: is anything there, and can
 * the smoke member log in? Either failure ends the run at once with one line
 * saying why, instead of a dozen tests failing on the same cause. The
 * preview gets SMOKE_WAIT_S (30) to answer /healthz: a preview host may post
 * its deployment a little before the app listens.
 */
import { chromium, type FullConfig } from '@playwright/test'
import { smokeAccounts, SmokeSettingError } from './support/accounts'
import { logIn, logOut } from './support/journeys'

const ATTEMPT_TIMEOUT_MS = 5_000
const RETRY_MS = 1_000

/** An error Playwright prints as its one line (no stack under it). */
class PreflightError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'Smoke preflight'
    this.stack = `${this.name}: ${message}`
  }
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

/** The preview's version once /healthz answers 200; a PreflightError when it does not in time. */
export async function previewAnswers(
  baseURL: string,
  waitMs: number,
): Promise<{ version: string; commit?: string }> {
  const url = new URL('/healthz', baseURL).href
  const deadline = Date.now() + waitMs
  let last = 'did not answer'
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS) })
      if (response.ok) {
        const health = (await response.json()) as { version?: string; commit?: string }
        if (health.version) return { version: health.version, commit: health.commit }
        last = 'answered 200 without a version'
      } else {
        last = `answered ${response.status}`
      }
    } catch (error) {
      last = `did not answer (${reason(error)})`
    }
    if (Date.now() + RETRY_MS >= deadline) break
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
  }
  throw new PreflightError(
    `The preview at ${baseURL} is down: /healthz ${last} (waited ${Math.round(waitMs / 1000)} s).`,
  )
}

export default async function preflight(config: FullConfig): Promise<void> {
  const project = config.projects[0]!
  const baseURL = project.use.baseURL!
  let accounts
  try {
    accounts = smokeAccounts()
  } catch (error) {
    if (error instanceof SmokeSettingError) throw new PreflightError(error.message)
    throw error
  }
  const waitMs = Number(process.env.SMOKE_WAIT_S || 30) * 1000
  const { version, commit } = await previewAnswers(baseURL, waitMs)

  const browser = await chromium.launch(project.use.launchOptions)
  try {
    const page = await browser.newPage({ baseURL })
    page.setDefaultTimeout(15_000)
    try {
      await logIn(page, accounts.member)
    } catch (error) {
      const said = (error as Error).message.split('\n')[0]!
      throw new PreflightError(
        said.startsWith('The member')
          ? said
          : `The member "${accounts.member.username}" cannot log in at ${baseURL}: ${said}`,
      )
    }
    await logOut(page)
  } finally {
    await browser.close()
  }
  const who = [
    `member ${accounts.member.username}`,
    accounts.staff ? `staff ${accounts.staff.username}` : `no staff test: ${accounts.staffMissing}`,
  ]
  console.log(
    `Smoke test of ${baseURL} (version ${version}, ${commit ?? 'no commit'}) as ${who.join('; ')}.`,
  )
}
