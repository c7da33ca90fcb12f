import { randomUUID } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { thaiFontEnv } from './tests/e2e/support/thai-fonts'
import { launchOptions as chromium } from './tests/support/chromium'

/**
 * e2e tests against the production build. Every worker has a demo backend
 * and an app server of its own (tests/e2e/global-setup.ts starts one pair
 * per worker on free ports), so the tests that steer the backend through
 * /__mock/ (outages, latency, clocks, configuration) never reach another
 * worker's tests. See docs/decisions/0116-a-backend-per-worker.md.
 */

/** The app server on the production build: the one command line every e2e app server runs. */
export const APP_COMMAND: readonly string[] = [process.execPath, 'server.mjs']
/** The demo backend of the build (it prints MOCK_BACKEND_URL=… once it listens). */
export const MOCK_COMMAND: readonly string[] = [process.execPath, 'build/mock-backend/cli.mjs']

/** The app and demo backend ports of each worker, set by the global setup. */
export interface WorkerServers {
  app: number
  mock: number
}

function workerServers(): WorkerServers {
  const all = JSON.parse(process.env.E2E_SERVERS ?? '[]') as WorkerServers[]
  const own = all[Number(process.env.TEST_PARALLEL_INDEX ?? 0)]
  // Outside a run (a support module imported elsewhere): the fixed ports, if given.
  return (
    own ?? {
      app: Number(process.env.E2E_APP_PORT ?? 3100),
      mock: Number(process.env.E2E_MOCK_PORT ?? 4100),
    }
  )
}

const servers = workerServers()
/** This worker's app server. */
export const APP_PORT = servers.app
/** This worker's demo backend. */
export const MOCK_PORT = servers.mock
export const APP_URL = `http://127.0.0.1:${APP_PORT}`
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`
/** The app's session secret in tests: fixtures seal session cookies with it. */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef'

/**
 * What every app server of the e2e tests runs with (each worker's own, those of
 * support/app-server.ts and the cluster of support/cluster.ts): the
 * production build at `origin` against `backendUrl` (the demo backend, also
 * the image host and the configuration service, whose changes tests see at once),
 * with LINE's authorize page on the demo backend at `demoUrl`.
 */
export function appEnv(
  origin: string,
  backendUrl = MOCK_URL,
  demoUrl = MOCK_URL,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    APP_ORIGIN: origin,
    BACKEND_URL: backendUrl,
    SESSION_SECRET: E2E_SESSION_SECRET,
    COOKIE_SECURE: 'false',
    LINE_CHANNEL_ID: 'e2e-line-channel',
    LINE_AUTHORIZE_URL: `${demoUrl}/line/authorize`,
    IMAGE_HOST_URL: backendUrl,
    CONFIG_SERVICE_URL: backendUrl,
    CONFIG_TTL_MS: '0',
    // The push tests' local push service (http on 127.0.0.1): refused without it.
    PUSH_ALLOW_LOCAL_SERVICE: '1',
    // The demo backend's development key; each server its own outbox (no event of an earlier run).
    STAFF_AUDIT_KEY: E2E_STAFF_AUDIT_KEY,
    AUDIT_OUTBOX_FILE: join(tmpdir(), `e2e-audit-outbox-${randomUUID()}.jsonl`),
  }
}

export const E2E_STAFF_AUDIT_KEY = 'staff-audit-dev-key-not-for-production'

/** The worker's own app server: `appEnv` plus what the shared journeys need. */
export function workerAppEnv(origin: string, demoUrl: string): Record<string, string> {
  return {
    ...appEnv(origin, demoUrl, demoUrl),
    BACKEND_TIMEOUT_MS: '3000',
    // One trusted proxy: tests that need distinct client addresses send X-Forwarded-For.
    TRUST_PROXY_HOPS: '1',
  }
}

/**
 * E2E_THAI_FONT=tlwg|noto: the browser sees only that kind of Thai system
 * font (support/thai-fonts.ts, decision 0149); unset, every font of the machine.
 */
const fontEnv = thaiFontEnv()
const launchOptions = fontEnv ? { ...chromium, env: fontEnv } : chromium

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // A spec file runs in one worker, its tests in order; files spread over the workers.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    ['./tests/support/slowest-files.ts'],
  ],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: APP_URL,
    // A trace costs every test 10-20 % of its time even when it passes and is
    // thrown away; E2E_TRACE=1 keeps one for each failing test when it is wanted.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    // Every test opens a fresh browser, where the service worker would install
    // and copy each build file into a new cache: about a tenth of a page's CPU
    // on this machine, for nothing but the specs of the worker itself, which
    // allow it (offline.spec.ts, push.spec.ts, the smoke suite). Decision 0151.
    serviceWorkers: 'block',
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
    // The smoke suite of `npm run test:smoke` (playwright.smoke.config.ts), here
    // against the worker's own app, so that it cannot rot between previews.
    {
      name: 'smoke',
      testDir: './tests/smoke',
      testMatch: '*.spec.ts',
      use: { ...devices['Pixel 7'], serviceWorkers: 'allow', launchOptions },
    },
  ],
})
