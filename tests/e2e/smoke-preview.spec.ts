/**
 * The smoke suite (tests/smoke, `npm run test:smoke`) is only worth
 * something if it fails on a broken preview. Run as CI runs it, with
 * BASE_URL, it fails and says why in one line: within 60 s when nothing
 * listens at the URL, at once when the backend refuses the member's login,
 * and when a page answers 5xx. (That it passes on a sound preview, the
 * `smoke` project of every `npm test` shows.) Two runs at once sign the same
 * staff person in within one 30 s step: the second waits for the next code.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { APP_URL } from '../../playwright.config'
import { SMOKE_STAFF } from '../mock-backend/smoke-accounts'
import { staffLogIn, staffLogOut } from '../smoke/support/journeys'
import { STEP_MS } from '../smoke/support/staff-code'
import { mock } from './support/mock'
import { freePort } from './support/ports'

interface SmokeRun {
  code: number | null
  output: string
  seconds: number
}

/** What a CI job has: its PATH, HOME and locale, none of this test runner's own variables. */
function cleanEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'FONTCONFIG_FILE']
  return Object.fromEntries(keep.map((name) => [name, process.env[name]])) as NodeJS.ProcessEnv
}

/** `npm run test:smoke` against `baseURL`, with `args` for Playwright; its exit code and output. */
async function runSmoke(baseURL: string, args: string[] = []): Promise<SmokeRun> {
  const results = await mkdtemp(join(tmpdir(), 'smoke-run-'))
  const started = Date.now()
  const child = spawn(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '-c', 'playwright.smoke.config.ts', ...args],
    {
      env: { ...cleanEnv(), BASE_URL: baseURL, SMOKE_RESULTS: results },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  await rm(results, { recursive: true, force: true })
  return { code, output, seconds: (Date.now() - started) / 1000 }
}

test.beforeEach(async () => {
  await mock.reset()
})

test.afterAll(async () => {
  await mock.reset()
})

test('the smoke suite fails in one line: nothing listens at the URL (within 60 s), the backend refuses the member', async () => {
  test.setTimeout(90_000)
  const deadUrl = `http://127.0.0.1:${await freePort()}`
  await mock.fail({ path: '/auth/login', status: 401, code: 'INVALID_CREDENTIALS', count: 100 })
  const [dead, refused] = await Promise.all([runSmoke(deadUrl), runSmoke(APP_URL)])

  expect(dead.code, dead.output).toBe(1)
  expect(dead.output).toContain(
    `Smoke preflight: The preview at ${deadUrl} is down: /healthz did not answer (ECONNREFUSED) (waited 30 s).`,
  )
  expect(dead.seconds).toBeLessThan(60)

  expect(refused.code, refused.output).toBe(1)
  expect(refused.output).toContain(
    `Smoke preflight: The member "smoke" cannot log in at ${APP_URL}: ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง`,
  )
  // No test ran: the one line is the whole story.
  expect(refused.output).not.toMatch(/Running \d+ test/)
})

test('the smoke suite fails when a page of the preview answers 5xx, naming the page', async () => {
  test.setTimeout(60_000)
  await mock.fail({ path: '/lotto/results/thai', status: 500, count: 100 })
  const run = await runSmoke(APP_URL, ['--grep', 'a visitor reads'])
  expect(run.code, run.output).toBe(1)
  expect(run.output).toContain('GET /lotto/result answered 503')
  expect(run.output).toMatch(/1 failed/)
})

test('a staff code the backend just took: the second sign-in waits for the next 30 s step, once', async ({
  browser,
}) => {
  test.setTimeout(70_000)
  // Both sign-ins within one step: the first starts with 20 s of it left at least
  // (two sign-ins take a few seconds, more on a busy machine).
  await expect
    .poll(() => STEP_MS - (Date.now() % STEP_MS), { timeout: 25_000, intervals: [250] })
    .toBeGreaterThan(20_000)
  const staff = { ...SMOKE_STAFF }
  const [one, two] = await Promise.all(
    [0, 1].map(() => browser.newContext({ baseURL: APP_URL }).then((c) => c.newPage())),
  )
  expect(await staffLogIn(one!, staff)).toEqual({ tries: 1 })
  expect(await staffLogIn(two!, staff)).toEqual({ tries: 2 })
  for (const page of [one!, two!]) {
    await staffLogOut(page)
    await page.context().close()
  }
})
