#!/usr/bin/env node
/**
 * `node scripts/make-screenshots.mjs`: the manifest's phone screenshots
 * (public/icons/screenshot-home.png and screenshot-lotto.png, 720x1480: a
 * 360x740 phone at 2x), taken by Chromium from the demo app as the demo member
 * sees it. Build first (`npm run build`); the script starts `npm start` on
 * PORT (default 3190) with its demo backend, or uses APP_URL when given.
 * Commit the PNGs; the manifest declares their sizes.
 */
import { spawn } from 'node:child_process'
import { launchChromium } from './bench/fonts.mjs'
import { waitForOk } from './bench/http.mjs'

const root = new URL('..', import.meta.url).pathname
const port = process.env.PORT ?? '3190'
let appUrl = process.env.APP_URL
let server = null

if (!appUrl) {
  appUrl = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: port },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitForOk(`${appUrl}/healthz`, 60_000)
}

const browser = await launchChromium()
try {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    colorScheme: 'dark',
  })
  const page = await context.newPage()
  await page.goto(`${appUrl}/login`)
  await page.locator('input[name="username"]').fill('demo')
  await page.locator('input[name="password"]').fill('demo1234')
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click()
  await page.waitForURL(`${appUrl}/`)
  for (const [name, path] of [
    ['home', '/'],
    ['lotto', '/lotto'],
  ]) {
    await page.goto(`${appUrl}${path}`)
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => document.fonts.ready)
    // The toasts of the login are not part of the app's picture.
    await page.locator('[data-sonner-toaster]').evaluateAll((els) => els.forEach((e) => e.remove()))
    const file = `${root}public/icons/screenshot-${name}.png`
    await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })
    console.log(`${file}: 720x1480`)
  }
} finally {
  await browser.close()
  server?.kill('SIGTERM')
}
