import { defineConfig, devices } from '@playwright/test'
import { launchOptions } from './tests/support/chromium'

/**
 * `npm run test:smoke`: the smoke suite (tests/smoke) against a deployed
 * preview at BASE_URL, with nothing but that URL and test accounts
 * (SMOKE_USERNAME, SMOKE_PASSWORD, SMOKE_STAFF_USERNAME,
 * SMOKE_STAFF_PASSWORD, SMOKE_STAFF_TOTP_SECRET). Without BASE_URL it
 * starts the production build with the embedded demo backend itself, as
 * `npm start` does, on SMOKE_PORT (3210). A preflight (tests/smoke/preflight.ts)
 * ends the run in one line when the preview is down or the member cannot log
 * in. Traces, screenshots and the HTML report of a failure go to
 * smoke-results/ (SMOKE_RESULTS), for CI to upload. The same tests run in `npm test` as the
 * `smoke` project of playwright.config.ts. See docs/decisions/0150.
 */
const port = Number(process.env.SMOKE_PORT || 3210)
/** Where a run leaves its traces, screenshots and HTML report (CI uploads the folder). */
const results = process.env.SMOKE_RESULTS || './smoke-results'
const baseURL = process.env.BASE_URL?.replace(/\/+$/, '') || `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: './tests/smoke',
  testMatch: '*.spec.ts',
  globalSetup: './tests/smoke/preflight.ts',
  outputDir: `${results}/test-results`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: `${results}/report`, open: 'never' }]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Pixel 7'],
    baseURL,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  webServer: process.env.BASE_URL
    ? undefined
    : {
        // Builds first when there is no build; the demo backend when BACKEND_URL is unset.
        command: 'node scripts/start.mjs',
        url: `${baseURL}/healthz`,
        env: { PORT: String(port), HOST: '127.0.0.1' },
        reuseExistingServer: false,
        timeout: 300_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
})
