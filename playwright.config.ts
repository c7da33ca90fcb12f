import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/**
 * e2e tests against the production build served by remix-serve (the preview
 * server), with the demo backend on its own port so tests can steer it
 * through /__mock/.
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100)
export const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4100)
export const APP_URL = `http://127.0.0.1:${APP_PORT}`
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`
/** The app's session secret in tests: fixtures seal session cookies with it. */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef'

/**
 * What every app server of the e2e tests runs with (the shared one below,
 * support/app-server.ts and the cluster of support/cluster.ts): the
 * production build at `origin` against `backendUrl` (the demo backend, also
 * the image host and the configuration service, whose changes tests see at once).
 */
export function appEnv(origin: string, backendUrl = MOCK_URL): Record<string, string> {
  return {
    NODE_ENV: 'production',
    APP_ORIGIN: origin,
    BACKEND_URL: backendUrl,
    SESSION_SECRET: E2E_SESSION_SECRET,
    COOKIE_SECURE: 'false',
    LINE_CHANNEL_ID: 'e2e-line-channel',
    LINE_AUTHORIZE_URL: `${MOCK_URL}/line/authorize`,
    IMAGE_HOST_URL: backendUrl,
    CONFIG_SERVICE_URL: backendUrl,
    CONFIG_TTL_MS: '0',
  }
}

const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const launchOptions = existsSync(SYSTEM_CHROMIUM)
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    }
  : {}

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  // One demo backend is shared: tests that steer it must not overlap.
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: APP_URL,
    trace: 'retain-on-failure',
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    launchOptions,
  },
  // The phone runs every journey; the desktop only the tests tagged @layout
  // (page layout, 360 px fit, accessibility, toast and loading bar placement),
  // where a wide screen and a mouse can change what the member sees.
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions } },
    {
      name: 'desktop',
      grep: /@layout/,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: [
    {
      command: 'node build/mock-backend/cli.mjs',
      url: `${MOCK_URL}/healthz`,
      env: { MOCK_PORT: String(MOCK_PORT) },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node server.mjs',
      url: `${APP_URL}/healthz`,
      env: {
        ...appEnv(APP_URL),
        PORT: String(APP_PORT),
        BACKEND_TIMEOUT_MS: '3000',
        // One trusted proxy: tests that need distinct client addresses send X-Forwarded-For.
        TRUST_PROXY_HOPS: '1',
        // Every browser login comes from one address here: only the per-username limit bites.
        LOGIN_LIMIT_PER_IP: '10000',
      },
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
