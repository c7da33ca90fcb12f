/**
 * `npm start` (scripts/start.mjs) on an already built app: without
 * BACKEND_URL it starts the demo backend, says so in one line, serves the app
 * against it, starts the demo again on the same port when it dies, and stops
 * both on SIGTERM; with BACKEND_URL it starts no demo backend. Linux only (it lists the script's child processes with pgrep).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { E2E_SESSION_SECRET, MOCK_URL } from '../../playwright.config'
import { twoFreePorts } from './support/ports'
import { answers, until } from './support/until'

const DEMO_LINE =
  /^BACKEND_URL is not set: started the demo backend at (http:\/\/127\.0\.0\.1:\d+) /

interface Started {
  child: ChildProcess
  output: () => string
  lines: () => string[]
}

function startScript(env: Record<string, string | undefined>): Started {
  const { BACKEND_URL: _ignored, ...inherited } = process.env
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output, lines: () => output.split('\n') }
}

async function stop(started: Started) {
  if (started.child.exitCode === null && started.child.signalCode === null) {
    started.child.kill('SIGTERM')
    await once(started.child, 'exit')
  }
}

async function waitForHealth(url: string, started: Started) {
  await until(() => answers(`${url}/healthz`), {
    timeout: 30_000,
    what: () => `no /healthz at ${url}:\n${started.output()}`,
    abort: () => {
      if (started.child.exitCode !== null) throw new Error(`start.mjs exited:\n${started.output()}`)
    },
  })
}

/** Whether anything still accepts connections at `url`. */
function refuses(url: string): Promise<boolean> {
  return fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    (error: { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
  )
}

/** The demo backend among the script's children (its command line runs the demo's CLI). */
function demoPid(scriptPid: number): number | undefined {
  return childPids(scriptPid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('mock-backend/cli.mjs')
    } catch {
      return false
    }
  })
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return [] // pgrep exits 1 when there are none
  }
}

test.describe('npm start', () => {
  test('without BACKEND_URL: starts the demo backend, serves the app, restarts the demo when it dies, stops both', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    const [PORT, DEMO_PORT] = await twoFreePorts()
    const APP = `http://127.0.0.1:${PORT}`
    const DEMO = `http://127.0.0.1:${DEMO_PORT}`
    const started = startScript({ PORT: String(PORT), MOCK_PORT: String(DEMO_PORT) })
    try {
      await waitForHealth(APP, started)
      const said = started.lines().filter((line) => line.includes('started the demo backend'))
      expect(said).toHaveLength(1)
      const demoUrl = DEMO_LINE.exec(said[0] ?? '')?.[1]
      expect(demoUrl).toBe(DEMO)
      expect((await fetch(`${demoUrl}/healthz`)).status).toBe(200)
      // Two children: the app's server and the demo backend.
      expect(childPids(started.child.pid ?? 0)).toHaveLength(2)

      const home = await fetch(`${APP}/`)
      expect(home.status).toBe(200)
      const html = await home.text()
      expect(html).toContain('<html lang="th"')
      expect(html).toContain('หน้าแรก')

      // The demo account logs in through it.
      await page.goto(`${APP}/login`)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      await page.getByLabel('ชื่อผู้ใช้').fill('demo')
      await page.getByLabel('รหัสผ่าน', { exact: true }).fill('demo1234')
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
      await expect(page).toHaveURL(`${APP}/`)
      await expect(page.getByText('สวัสดี')).toBeVisible()

      // The demo backend dies (killed, as a crash would): the script starts it again on
      // the same port, and the app, still the same process, keeps working against it.
      const pid = started.child.pid ?? 0
      const appPids = () => childPids(pid).filter((child) => child !== demoPid(pid))
      const app = appPids()
      const killed = demoPid(pid)
      expect(killed).toBeDefined()
      process.kill(killed ?? 0, 'SIGKILL')
      await expect
        .poll(() => started.output(), { timeout: 5000 })
        .toContain(`The demo backend stopped (SIGKILL); starting it again on port ${DEMO_PORT}.`)
      await expect
        .poll(() => started.output(), { timeout: 15_000 })
        .toContain(`The demo backend is back at ${DEMO}.`)
      expect((await fetch(`${demoUrl}/healthz`)).status).toBe(200)
      const restarted = demoPid(pid)
      expect(restarted).toBeDefined()
      expect(restarted).not.toBe(killed)
      expect(appPids()).toEqual(app)
      expect(started.child.exitCode).toBeNull()
      // The app against the new demo backend: pages, and the demo account logs in again
      // (the demo starts from its seed, so the old session may have ended).
      expect((await fetch(`${APP}/`)).status).toBe(200)
      await page.context().clearCookies()
      await page.goto(`${APP}/login`)
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
      await page.getByLabel('ชื่อผู้ใช้').fill('demo')
      await page.getByLabel('รหัสผ่าน', { exact: true }).fill('demo1234')
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
      await expect(page).toHaveURL(`${APP}/`)
      await expect(page.getByText('สวัสดี')).toBeVisible()

      started.child.kill('SIGTERM')
      const [code] = (await once(started.child, 'exit')) as [number | null]
      expect(code).toBe(0)
      expect(await refuses(APP)).toBe(true)
      expect(await refuses(demoUrl ?? DEMO)).toBe(true)
    } finally {
      await stop(started)
    }
  })

  // What the Docker image runs: NODE_ENV=production, BACKEND_URL and SESSION_SECRET set.
  test('with BACKEND_URL: no demo backend, the app uses the given one', async () => {
    const [PORT, DEMO_PORT] = await twoFreePorts()
    const APP = `http://127.0.0.1:${PORT}`
    const started = startScript({
      NODE_ENV: 'production',
      APP_ORIGIN: APP,
      PORT: String(PORT),
      BACKEND_URL: MOCK_URL,
      SESSION_SECRET: E2E_SESSION_SECRET,
      MOCK_PORT: String(DEMO_PORT),
    })
    try {
      await waitForHealth(APP, started)
      expect(started.output()).not.toContain('demo backend')
      expect(started.output()).not.toContain('[demo-backend]')
      // One child: the app's server only.
      expect(childPids(started.child.pid ?? 0)).toHaveLength(1)
      expect(await refuses(`http://127.0.0.1:${DEMO_PORT}`)).toBe(true)
      const home = await fetch(`${APP}/`)
      expect(home.status).toBe(200)
      expect(await home.text()).toContain('หน้าแรก')
      started.child.kill('SIGTERM')
      await once(started.child, 'exit')
      expect(await refuses(APP)).toBe(true)
    } finally {
      await stop(started)
    }
  })
})
