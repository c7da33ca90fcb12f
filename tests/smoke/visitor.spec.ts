/**
 * What anyone can check on a fresh preview without an account: the health
 * check, the pages a visitor browses, the Thai 404 inside the shell, the
 * installable app's files and the security headers.
 */
import { expect, sound, test } from './support/fixtures'

const THAI = /[\u0E00-\u0E7F]/

test('/healthz answers with the version', { tag: '@smoke' }, async ({ request }) => {
  const response = sound(await request.get('/healthz'))
  expect(response.status()).toBe(200)
  const health = (await response.json()) as { status?: string; version?: string }
  expect(health.status).toBe('ok')
  expect(health.version).toMatch(/^\d+\.\d+\.\d+/)
})

test(
  'a visitor reads the home, the game lobbies and lotto in Thai',
  { tag: '@smoke' },
  async ({ page }) => {
    for (const path of ['/', '/games', '/casino', '/slot', '/sport', '/lotto', '/lotto/result']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'th')
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(THAI)
      await expect(page.getByRole('navigation', { name: 'เมนูด่วน' }), path).toBeVisible()
    }
    // The lobby lists games to play, and lotto its draws to stake on.
    await page.goto('/games')
    await expect(page.locator('main a[href^="/games/launch?game="]').first()).toBeVisible()
    await page.goto('/lotto')
    await expect(page.locator('main a[href^="/lotto/stake?lotto="]').first()).toBeVisible()
  },
)

test(
  'an unknown address is the Thai 404 page inside the shell',
  { tag: '@smoke' },
  async ({ page }) => {
    const response = await page.goto(`/no-such-page-${Date.now().toString(36)}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ไม่พบหน้าที่คุณต้องการ')
    await expect(page.getByRole('main').getByRole('link', { name: 'กลับหน้าแรก' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'เมนูด่วน' })).toBeVisible()
  },
)

test(
  'the app installs: its manifest, icons and service worker are served',
  { tag: '@smoke' },
  async ({ page, request }) => {
    const manifestResponse = sound(await request.get('/manifest.webmanifest'))
    expect(manifestResponse.status()).toBe(200)
    const manifest = (await manifestResponse.json()) as {
      name?: string
      start_url?: string
      icons?: { src: string }[]
    }
    expect(manifest.name).toMatch(THAI)
    expect(manifest.start_url).toBe('/')
    for (const icon of manifest.icons ?? []) {
      const answer = sound(await request.get(icon.src))
      expect(answer.status(), icon.src).toBe(200)
      expect(answer.headers()['content-type'], icon.src).toMatch(/^image\//)
    }
    expect(manifest.icons?.length).toBeGreaterThan(0)

    const worker = sound(await request.get('/sw.js'))
    expect(worker.status()).toBe(200)
    expect(worker.headers()['content-type']).toMatch(/javascript/)
    // A new release reaches every phone: the worker script itself is never kept.
    expect(worker.headers()['cache-control']).toMatch(/no-cache|no-store|max-age=0/)

    // Where the browser allows workers (https, or this machine), the page registers it.
    await page.goto('/')
    const secure = await page.evaluate(() => window.isSecureContext && 'serviceWorker' in navigator)
    if (secure) {
      const scope = await page.evaluate(() =>
        navigator.serviceWorker.ready.then((registration) => registration.scope),
      )
      expect(scope).toBe(new URL('/', page.url()).href)
    }
  },
)

test('documents carry the security headers', { tag: '@smoke' }, async ({ page, baseURL }) => {
  const response = await page.goto('/login')
  const headers = response!.headers()
  const csp = headers['content-security-policy'] ?? ''
  expect(csp).toMatch(/frame-ancestors 'none'/)
  expect(csp).toMatch(/script-src [^;]*'nonce-/)
  expect(csp).toMatch(/object-src 'none'/)
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBeTruthy()
  if (new URL(baseURL!).protocol === 'https:') {
    expect(headers['strict-transport-security']).toMatch(/max-age=\d{7,}/)
  }
})
