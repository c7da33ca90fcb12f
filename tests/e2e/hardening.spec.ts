/**
 * The member core's hardening (issue "member core second pass"): the front
 * door, the server's first middleware (docs/decisions/0031, 0118), login limits a
 * stranger cannot turn against a member (0032), APP_ORIGIN, private caching,
 * ASCII Location headers and Thai text where Remix had English.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { MAX_BODY_BYTES } from '~/lib/constants'
import {
  BAD_REQUEST_MESSAGE,
  BODY_TOO_LARGE_MESSAGE,
  CROSS_SITE_MESSAGE,
  EXPECTATION_FAILED_MESSAGE,
  HEADERS_TOO_LARGE_MESSAGE,
  METHOD_NOT_ALLOWED_MESSAGE,
} from '~/lib/errors'
import { APP_COMMAND, APP_PORT, APP_URL, appEnv, MOCK_URL } from '../../playwright.config'
import { hydrated } from './support/accounts'
import { startAppServer, type AppServer } from './support/app-server'
import { freePort } from './support/ports'
import { DEMO, submitLogin } from './support/login'
import { mock } from './support/mock'
import { loginAs } from './support/session'

const LIMIT_MESSAGE = 'พยายามเข้าสู่ระบบบ่อยเกินไป'

test.describe('front door', () => {
  test('methods undici cannot take get a Thai 405 with Allow', async ({ request }) => {
    // (TRACK and other tokens Node's HTTP parser does not know get Node's own 400 before any code.)
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      const response = await request.fetch('/', { method })
      expect(response.status(), method).toBe(405)
      expect(response.headers()['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
      const html = await response.text()
      expect(html).toContain(METHOD_NOT_ALLOWED_MESSAGE)
      expect(html).toContain('lang="th"')
      expect(html).not.toContain('Internal Server Error')
    }
  })

  test('a path that is not valid percent-encoding is a Thai 400, not English "Bad Request"', async ({
    request,
  }) => {
    const response = await request.get('/%E0%A4%A')
    expect(response.status()).toBe(400)
    const html = await response.text()
    expect(html).toContain('คำขอไม่ถูกต้อง')
    expect(html).not.toContain('Bad Request')
  })

  test('a declared body over 64 KB is a Thai 413', async ({ request }) => {
    await mock.clearCalls()
    const response = await request.post('/login', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: `username=demo&password=demo1234&pad=${'a'.repeat(MAX_BODY_BYTES)}`,
      maxRedirects: 0,
    })
    expect(response.status()).toBe(413)
    expect(await response.text()).toContain(BODY_TOO_LARGE_MESSAGE)
    expect(await mock.calls('/auth/login')).toHaveLength(0)
  })

  test('a chunked body over 64 KB (no Content-Length) is a Thai 413 too', async () => {
    await mock.clearCalls()
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(`${APP_URL}/login`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Transfer-Encoding': 'chunked',
            Origin: APP_URL,
          },
        })
        req.on('response', (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        })
        req.on('error', reject)
        req.write('username=demo&password=demo1234&pad=')
        // 128 KB in 8 KB chunks; the app stops reading after 64 KB.
        let sent = 0
        const more = () => {
          while (sent < 16) {
            sent += 1
            if (!req.write('a'.repeat(8192))) return void req.once('drain', more)
          }
          req.end()
        }
        more()
      },
    )
    expect(status).toBe(413)
    expect(body).toContain(BODY_TOO_LARGE_MESSAGE)
    expect(await mock.calls('/auth/login')).toHaveLength(0)
  })

  test('a cross-site write is a Thai 403 before Remix, on pages, .data and resource routes', async ({
    request,
  }) => {
    await mock.clearCalls()
    const foreign: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      // Same host, but not an APP_ORIGIN: a forged X-Forwarded-Host does not help.
      { Origin: `http://localhost:${APP_PORT}`, 'X-Forwarded-Host': `localhost:${APP_PORT}` },
      { 'Sec-Fetch-Site': 'cross-site' },
    ]
    for (const headers of foreign) {
      for (const path of ['/login', '/login.data', '/logout']) {
        const response = await request.post(path, {
          form: { username: 'demo', password: 'demo1234' },
          headers,
          maxRedirects: 0,
        })
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(await response.text()).toContain(CROSS_SITE_MESSAGE)
      }
    }
    expect(await mock.calls('/auth/login')).toHaveLength(0)
  })

  test('a write without Origin and with a Referer of another site is refused like a cross-site Origin; the app’s own Referer, or none, goes on (decision 0135)', async ({
    page,
    context,
  }) => {
    await loginAs(context)
    await page.goto('/transaction?tab=deposit')
    await hydrated(page)
    const key = await page.locator('input[name="idempotencyKey"]').inputValue()
    const form = { intent: 'deposit', amount: '500', method: 'promptpay', idempotencyKey: key }
    await mock.clearCalls()
    // Posted as curl or a browser that sends no Origin would: the request API adds none.
    const foreign: Record<string, string>[] = [
      { Referer: 'https://evil.example/x' },
      { Referer: 'not a url' },
      { Referer: `http://localhost:${APP_PORT}.evil.example/` },
    ]
    for (const headers of foreign) {
      for (const path of [
        '/transaction?tab=deposit',
        '/transaction.data?tab=deposit',
        '/cashback',
        '/logout',
      ]) {
        const response = await page.request.post(path, { form, headers, maxRedirects: 0 })
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(await response.text()).toContain(CROSS_SITE_MESSAGE)
      }
    }
    expect(await mock.calls('/wallet/deposits')).toHaveLength(0)
    // The refused logout ended nothing.
    expect((await page.goto('/profile'))?.status()).toBe(200)

    // A page of the app's own: the order is made.
    const same = await page.request.post('/transaction?tab=deposit', {
      form,
      headers: { Referer: `${APP_URL}/transaction?tab=deposit` },
      maxRedirects: 0,
    })
    expect(same.status()).toBe(302)
    const order = same.headers()['location']
    expect(order).toMatch(/^\/order\/payment\/\d+$/)
    // Neither Origin nor Referer (Referrer-Policy no-referrer, a privacy proxy): it goes on
    // (the same key: the same order), as does a browser's own same-origin mark.
    for (const headers of [{}, { 'Sec-Fetch-Site': 'same-origin' }] as Record<string, string>[]) {
      const again = await page.request.post('/transaction?tab=deposit', {
        form,
        headers,
        maxRedirects: 0,
      })
      expect(again.status(), JSON.stringify(headers)).toBe(302)
      expect(again.headers()['location']).toBe(order)
    }
    // And the member's own form in the browser still posts.
    await page.goto('/transaction?tab=deposit')
    await hydrated(page)
    await page.getByLabel('จำนวนเงิน (บาท)').fill('300')
    await page.getByRole('button', { name: 'ฝากเงิน', exact: true }).click()
    await expect(page).toHaveURL(/\/order\/payment\/\d+$/)
  })
})

test.describe('the server log (its own server on the build)', () => {
  let PORT = 0
  let APP = ''
  let server: AppServer | undefined
  const log = () => server?.log() ?? ''

  test.beforeAll(async () => {
    PORT = await freePort()
    APP = `http://127.0.0.1:${PORT}`
    server = await startAppServer(PORT, {
      // Two origins: a post from one to the other passes the door and meets Remix's own check.
      APP_ORIGIN: `${APP},http://localhost:${PORT}`,
      BACKEND_URL: MOCK_URL,
      LINE_AUTHORIZE_URL: `${MOCK_URL}/line/authorize`,
    })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  const requests = () => server?.requests().join('\n') ?? ''
  /** A request line (server/log.server.ts's JSON, as `[id] GET /path 200`) says `text`. */
  async function logged(text: string) {
    await expect.poll(requests, { timeout: 5000 }).toContain(text)
  }

  test('token, code and state never reach a log line', async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL: APP })
    await api.get('/watcher?token=SECRET-WATCHER-TOKEN-123&x=1', { maxRedirects: 0 })
    await api.get('/line/callback?code=SECRET-LINE-CODE-456&state=SECRET-LINE-STATE-789')
    await api.dispose()
    await logged('GET /line/callback?code=[redacted]&state=[redacted] ')
    await logged('GET /watcher?token=[redacted]&x=[redacted] ')
    for (const secret of [
      'SECRET-WATCHER-TOKEN-123',
      'SECRET-LINE-CODE-456',
      'SECRET-LINE-STATE',
    ]) {
      expect(log()).not.toContain(secret)
    }
  })

  test('no query value reaches a log line but the allow-list’s (lib/redact.ts)', async ({
    playwright,
  }) => {
    const api = await playwright.request.newContext({ baseURL: APP })
    const token = 'eyJhbGciOiJIUzI1NiJ9.SECRET-REFRESH-TOKEN-321.sig'
    await api.get(`/profile?refreshToken=${token}`, { maxRedirects: 0 })
    await api.get('/casino?q=SECRET-SEARCH-654&page=2')
    await api.get('/lotto/result?lotto=thai&date=2026-01-16')
    await api.dispose()
    await logged('GET /profile?refreshToken=[redacted] 302')
    await logged('GET /casino?q=[redacted]&page=2 200')
    await logged('GET /lotto/result?lotto=thai&date=2026-01-16 200')
    expect(log()).not.toContain('SECRET-REFRESH-TOKEN-321')
    expect(log()).not.toContain('SECRET-SEARCH-654')
  })

  test('a legacy ?_data= request: one front-door line, no error and no stack', async ({
    playwright,
  }) => {
    const api = await playwright.request.newContext({ baseURL: APP })
    expect((await api.get('/?_data=root')).status()).toBe(400)
    await api.dispose()
    await logged('GET /?_data=[redacted] 400 (front door)')
    expect(log()).not.toContain('_data requests')
    expect(log()).not.toMatch(/^\s+at /m)
  })

  test('a Host or X-Forwarded-Host no URL can hold: a Thai 400, one line, no stack', async () => {
    for (const headers of [
      'Host: x:99999',
      'Host: [::1',
      'Host: %zz',
      `Host: 127.0.0.1:${PORT}\r\nX-Forwarded-Host: x:99999`,
    ]) {
      const before = log().length
      const requestsBefore = server?.requests().length ?? 0
      const answer = await rawExchange(
        `GET /lotto HTTP/1.1\r\n${headers}\r\nConnection: close\r\n\r\n`,
        PORT,
      )
      expect(answer.startsWith('HTTP/1.1 400 '), `${headers}: ${answer.slice(0, 40)}`).toBe(true)
      const [head = '', body = ''] = answer.split('\r\n\r\n')
      expect(head.toLowerCase()).toContain('content-type: text/html; charset=utf-8')
      expect(body).toContain('lang="th"')
      expect(body).toContain(BAD_REQUEST_MESSAGE)
      await expect
        .poll(() => server?.requests().slice(requestsBefore).join('\n'))
        .toContain('GET /lotto 400 (front door)')
      // (The start's /healthz probe may be logged meanwhile.)
      const lines = log()
        .slice(before)
        .split('\n')
        .filter((line) => line && !line.includes('"url":"/healthz"'))
      expect(lines, headers).toHaveLength(1)
    }
    expect(log()).not.toContain('Invalid URL')
    expect(log()).not.toMatch(/^\s+at /m)
  })

  test('TRACE, a cross-site post and Remix’s own origin check: one line each, no stack', async ({
    playwright,
  }) => {
    const api = await playwright.request.newContext({ baseURL: APP })
    expect((await api.fetch('/', { method: 'TRACE' })).status()).toBe(405)
    const forged = await api.post('/login', {
      form: { username: 'demo', password: 'x' },
      headers: { Origin: 'http://evil.example' },
      maxRedirects: 0,
    })
    expect(forged.status()).toBe(403)
    await api.dispose()
    await logged('TRACE / 405 (front door)')
    await logged('POST /login 403 (front door)')
    // Without TRUST_PROXY_HOPS the server said once, at start, that the per-IP limit is off.
    expect(log().match(/TRUST_PROXY_HOPS=0: .*per-IP login limit is off/g)).toHaveLength(1)
    expect(log()).not.toContain('TypeError')
    expect(log()).not.toMatch(/^\s+at /m)
  })
})

test.describe('a proxy that rewrites Host (its own server with APP_ORIGIN)', () => {
  let PORT = 0
  let APP = ''
  let PUBLIC = ''
  let server: AppServer | undefined

  test.beforeAll(async () => {
    PORT = await freePort()
    APP = `http://127.0.0.1:${PORT}`
    PUBLIC = `http://localhost:${PORT}`
    server = await startAppServer(PORT, {
      APP_ORIGIN: `${PUBLIC},${APP}`,
      BACKEND_URL: MOCK_URL,
      LINE_AUTHORIZE_URL: `${MOCK_URL}/line/authorize`,
    })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  /** A form post as the proxy passes it: `Host` as the proxy sets it, Origin as the browser sent it. */
  function post(path: string, headers: Record<string, string>, form: string) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(`${APP}${path}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': String(Buffer.byteLength(form)),
            ...headers,
          },
        })
        req.on('response', (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
        })
        req.on('error', reject)
        req.end(form)
      },
    )
  }

  const LOGIN = 'username=demo&password=demo1234'

  for (const [name, headers] of [
    // nginx `proxy_pass http://app;` without `proxy_set_header Host`: Host is the upstream's name.
    ['Host: the upstream', () => ({ Origin: PUBLIC, Host: `app-upstream:${PORT}` })],
    // The other configured origin's host.
    ['Host: another configured origin', () => ({ Origin: PUBLIC, Host: `127.0.0.1:${PORT}` })],
    // A proxy that sets X-Forwarded-Host to its own name.
    [
      'X-Forwarded-Host: the proxy',
      () => ({ Origin: PUBLIC, Host: `127.0.0.1:${PORT}`, 'X-Forwarded-Host': 'lb.internal' }),
    ],
  ] as const) {
    test(`a login from an APP_ORIGIN page logs in (${name})`, async () => {
      const answer = await post('/login', headers(), LOGIN)
      expect(answer.status, answer.body).toBe(302)
      expect(answer.headers['location']).toBe('/')
      expect(String(answer.headers['set-cookie'])).toMatch(/auth\.session(\.\d+)?=[^;]/)
    })
  }

  test('a cross-site post is still refused, whatever Host says', async () => {
    await mock.clearCalls()
    for (const headers of [
      { Origin: 'http://evil.example', Host: 'evil.example' },
      { Origin: 'http://evil.example', Host: `localhost:${PORT}` },
      { Origin: 'null', Host: `app-upstream:${PORT}` },
    ]) {
      const answer = await post('/login', headers, LOGIN)
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(answer.body).toContain(CROSS_SITE_MESSAGE)
    }
    expect(await mock.calls('/auth/login')).toHaveLength(0)
    expect(server?.log() ?? '').not.toContain("refused by Remix's origin check")
  })
})

test.describe('login limits', () => {
  /** A fresh member of the demo backend (so no other test's attempts count). */
  async function newMember() {
    const n = Date.now() % 100_000_000
    const member = {
      username: `door${n}`,
      password: 'door-pass-1234',
      phone: `08${String(n).padStart(8, '0')}`,
    }
    const response = await fetch(`${MOCK_URL}/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...member,
        bankCode: '004',
        accountNumber: String(n).padStart(10, '1'),
        accountName: 'ทดสอบ ประตูหน้า',
      }),
    })
    if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`)
    return member
  }

  async function strangerAttempt(stranger: APIRequestContext, username: string) {
    return stranger.post('/login', {
      form: { username, password: 'wrong-guess' },
      headers: { Origin: APP_URL },
      maxRedirects: 0,
    })
  }

  test('a stranger past the ceiling does not lock the member’s own browser out', async ({
    page,
    browser,
  }) => {
    const member = await newMember()
    // The member logged in on this browser before, then the session ended.
    await page.goto('/login')
    await hydrated(page)
    await submitLogin(page, member.username, member.password)
    await expect(page).toHaveURL(`${APP_URL}/`)
    const cookies = await page.context().cookies()
    expect(cookies.map((c) => c.name)).toContain('auth.device')
    await page.context().clearCookies({ name: 'auth.session' })

    // A stranger (another browser, no device cookie) fills the per-username ceiling.
    const strangerContext = await browser.newContext()
    const stranger = strangerContext.request
    for (let i = 0; i < 10; i++) {
      expect((await strangerAttempt(stranger, member.username)).status()).toBe(401)
    }
    const limited = await strangerAttempt(stranger, member.username)
    expect(limited.status()).toBe(429)
    expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0)
    expect(await limited.text()).toContain(LIMIT_MESSAGE)

    // The member's own browser still logs in with the right password.
    await page.goto('/login')
    await hydrated(page)
    await submitLogin(page, member.username, member.password)
    await expect(page).toHaveURL(`${APP_URL}/`)
    await expect(page.getByText(LIMIT_MESSAGE)).toHaveCount(0)

    // The stranger is still refused, in Thai, even with the right password.
    const strangerPage = await strangerContext.newPage()
    await strangerPage.goto('/login')
    await hydrated(strangerPage)
    await submitLogin(strangerPage, member.username, member.password)
    await expect(strangerPage.getByText(LIMIT_MESSAGE)).toBeVisible()
    await expect(strangerPage).toHaveURL(/\/login$/)
    await strangerContext.close()
  })
})

test.describe('APP_ORIGIN', () => {
  test('a forged X-Forwarded-Host or -Proto does not change the LINE redirect_uri', async ({
    request,
  }) => {
    const response = await request.post('/login', {
      form: { intent: 'line', redirectTo: '/' },
      // No Origin: Remix's own check would compare it with X-Forwarded-Host and answer 500.
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(302)
    const location = new URL(response.headers()['location'] ?? '')
    expect(location.origin).toBe(MOCK_URL)
    expect(location.searchParams.get('redirect_uri')).toBe(`${APP_URL}/line/callback`)
  })

  test('a production server without APP_ORIGIN and SESSION_SECRET exits with what to set, no stack', async () => {
    const { APP_ORIGIN: _origin, SESSION_SECRET: _secret, ...rest } = appEnv(APP_URL)
    const [command = '', ...args] = APP_COMMAND
    const server = spawn(command, args, {
      env: {
        NODE_ENV: 'production',
        PATH: process.env.PATH,
        ...rest,
        PORT: String(await freePort()),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const [code] = await once(server, 'exit')
    expect(code).toBe(1)
    expect(output).toContain('APP_ORIGIN')
    expect(output).toContain('SESSION_SECRET')
    expect(output).not.toMatch(/^\s+at /m)
    expect(output).not.toContain('throw ')
  })
})

test.describe('member pages and data are private', () => {
  test('documents and .data answers: Cache-Control private, no-store and the security headers', async ({
    page,
    context,
  }) => {
    await loginAs(context, DEMO.username)
    const document = await page.goto('/profile')
    expect(document?.status()).toBe(200)
    const checked = [
      document?.headers() ?? {},
      (await context.request.get('/_root.data')).headers(),
      (await context.request.get('/profile.data?_routes=routes/_default.profile')).headers(),
    ]
    for (const headers of checked) {
      expect(headers['cache-control']).toBe('private, no-store')
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['x-frame-options']).toBe('DENY')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['permissions-policy']).toContain('camera=()')
    }
  })

  test('documents and .data answers say the backend time, the app time and the release (Server-Timing)', async ({
    page,
    context,
  }) => {
    await loginAs(context, DEMO.username)
    const home = await page.goto('/')
    expect(home?.status()).toBe(200)
    const answers = [
      home?.headers() ?? {},
      (await context.request.get('/_root.data')).headers(),
      (await context.request.get('/profile.data?_routes=routes/_default.profile')).headers(),
    ]
    for (const headers of answers) {
      // The release (decision 0143): the build's version and the commit.
      const timing =
        /^backend;dur=(\d+\.\d), app;dur=(\d+\.\d), release;desc="[A-Za-z0-9]+\.[^"]+"$/.exec(
          headers['server-timing'] ?? '',
        )
      expect(timing, headers['server-timing']).not.toBeNull()
      // The member's profile came from the demo backend on every one of them.
      expect(Number(timing?.[1])).toBeGreaterThan(0)
    }
  })
})

test.describe('Thai characters in return paths', () => {
  const THAI_PATH = '/%E0%B8%81'

  test('a Thai redirectTo: after login the member lands on the Thai 404, not a 500', async ({
    page,
  }) => {
    await page.goto(`/login?redirectTo=${encodeURIComponent('/ก')}`)
    await hydrated(page)
    await submitLogin(page)
    await expect(page).toHaveURL(`${APP_URL}${THAI_PATH}`)
    await expect(page.getByText('ไม่พบหน้าที่คุณต้องการ')).toBeVisible()
    await expect(page.getByText('404', { exact: true })).toBeVisible()
  })

  test('the LINE login comes back to a Thai return path', async ({ page }) => {
    await page.goto(`/login?redirectTo=${encodeURIComponent('/ก')}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'เข้าสู่ระบบด้วย LINE' }).click()
    await page.waitForURL((url) => url.href.startsWith(`${MOCK_URL}/line/authorize?`))
    await page.getByRole('button', { name: 'อนุญาต' }).click()
    await expect(page).toHaveURL(`${APP_URL}${THAI_PATH}`)
    await expect(page.getByText('ไม่พบหน้าที่คุณต้องการ')).toBeVisible()
  })

  test("logout's Thai `from` is an ASCII Location, not a 500", async ({ request }) => {
    const response = await request.post('/logout', {
      form: { from: '/ก' },
      headers: { Origin: APP_URL },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toMatch(/^[\x21-\x7e]+$/)
  })
})

test.describe('no English technical text', () => {
  test('a POST to a page without an action shows a Thai 405 with the request id', async ({
    page,
  }) => {
    await page.goto('/')
    await hydrated(page)
    // A plain HTML form post, as a browser without the app's JavaScript would send it.
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.evaluate(() => {
        const form = document.createElement('form')
        form.method = 'post'
        form.action = '/'
        document.body.append(form)
        HTMLFormElement.prototype.submit.call(form)
      }),
    ])
    expect(response.status()).toBe(405)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(METHOD_NOT_ALLOWED_MESSAGE)
    await expect(page.getByTestId('request-id')).not.toBeEmpty()
    const text = await page.locator('body').innerText()
    expect(text).not.toMatch(/action|route|POST request/i)
  })

  test('a write to a page without an action, as a document or its data: a Thai 405 with Allow, no route id', async ({
    request,
  }) => {
    for (const [method, path] of [
      ['POST', '/news'],
      ['POST', '/news.data'],
      ['POST', '/_root.data'],
      ['DELETE', '/lotto.data'],
      ['PUT', '/lotto'],
    ] as const) {
      const response = await request.fetch(path, {
        method,
        headers: { Origin: APP_URL },
        maxRedirects: 0,
      })
      expect(response.status(), `${method} ${path}`).toBe(405)
      expect(response.headers()['allow'], `${method} ${path}`).toBe('GET, HEAD')
      const body = await response.text()
      expect(body, `${method} ${path}`).toContain(METHOD_NOT_ALLOWED_MESSAGE)
      expect(body, `${method} ${path}`).not.toMatch(
        /did not provide|You made a|Unexpected Server Error/,
      )
      if (path.endsWith('.data')) expect(body, `${method} ${path}`).not.toContain('routes/')
    }
  })

  test('POST /healthz is a Thai 405 JSON', async ({ request }) => {
    const response = await request.post('/healthz')
    expect(response.status()).toBe(405)
    expect(await response.json()).toEqual({ message: METHOD_NOT_ALLOWED_MESSAGE })
  })

  test('POST, PUT and DELETE /events (and POST of the QR) are a Thai 405 with Allow', async ({
    page,
    context,
  }) => {
    await loginAs(context)
    for (const [method, path] of [
      ['POST', '/events'],
      ['PUT', '/events'],
      ['DELETE', '/events'],
      ['POST', '/order/payment/1/qr.png'],
    ] as const) {
      const response = await page.request.fetch(path, {
        method,
        headers: { Origin: APP_URL },
        maxRedirects: 0,
      })
      expect(response.status(), `${method} ${path}`).toBe(405)
      expect(response.headers()['allow']).toBe('GET, HEAD')
      expect(await response.json()).toEqual({ message: METHOD_NOT_ALLOWED_MESSAGE })
    }
  })

  test('the QR of an order that is not the member’s is a Thai 404 page, not English JSON', async ({
    page,
    context,
  }) => {
    await loginAs(context)
    // The backend answers another member's order as it answers one that does not exist: 404.
    const response = await page.goto('/order/payment/987654321/qr.png')
    expect(response?.status()).toBe(404)
    expect(response?.headers()['content-type']).toContain('text/html')
    await expect(page.locator('html')).toHaveAttribute('lang', 'th')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ไม่พบหน้าที่คุณต้องการ')
    await expect(page.getByTestId('request-id')).toHaveText(
      response?.headers()['x-request-id'] ?? 'missing',
    )
    expect(await page.locator('body').innerText()).not.toMatch(/could not be found|message/)
  })

  test('a legacy ?_data= request is a Thai 400', async ({ request }) => {
    for (const path of ['/?_data=root', '/lotto?_data=routes%2F_default']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(400)
      expect(await response.text()).toContain(BAD_REQUEST_MESSAGE)
    }
  })
})

/** Sends `bytes` on a new connection; the whole answer once the server closes it. */
function rawExchange(bytes: string | Buffer, port = APP_PORT): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
    socket.write(bytes)
  })
}

test.describe("what Node's own parser refuses is answered in Thai", () => {
  const host = `Host: 127.0.0.1:${APP_PORT}\r\n`
  for (const [name, bytes, status, message] of [
    ['an unknown method', `FOO / HTTP/1.1\r\n${host}\r\n`, 400, BAD_REQUEST_MESSAGE],
    [
      'Content-Length beside chunked',
      `POST / HTTP/1.1\r\n${host}Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc`,
      400,
      BAD_REQUEST_MESSAGE,
    ],
    [
      'a byte not allowed in a header',
      Buffer.from(`GET / HTTP/1.1\r\n${host}X-Bad: a\x01b\r\n\r\n`, 'latin1'),
      400,
      BAD_REQUEST_MESSAGE,
    ],
    [
      'headers over 16 KB',
      `GET / HTTP/1.1\r\n${host}Cookie: x=${'a'.repeat(17_000)}\r\n\r\n`,
      431,
      HEADERS_TOO_LARGE_MESSAGE,
    ],
    [
      'an Expect it cannot meet',
      `GET / HTTP/1.1\r\n${host}Expect: tea\r\n\r\n`,
      417,
      EXPECTATION_FAILED_MESSAGE,
    ],
    [
      '100-continue for a body the door refuses (no 100 first)',
      `POST /login HTTP/1.1\r\n${host}Origin: ${APP_URL}\r\nExpect: 100-continue\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n`,
      413,
      BODY_TOO_LARGE_MESSAGE,
    ],
  ] as const) {
    test(`${name}: ${status}, a Thai page, Connection: close`, async () => {
      const answer = await rawExchange(bytes)
      expect(answer.startsWith(`HTTP/1.1 ${status} `), answer.slice(0, 80)).toBe(true)
      const [head = '', body = ''] = answer.split('\r\n\r\n')
      expect(head.toLowerCase()).toContain('connection: close')
      expect(head.toLowerCase()).toContain('content-type: text/html; charset=utf-8')
      expect(body).toContain('lang="th"')
      expect(body).toContain(message)
    })
  }

  test('100-continue for a body the door lets in: 100 Continue, then the answer', async () => {
    const body = 'username=demo&password=wrong-password'
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(APP_PORT, '127.0.0.1')
      let seen = ''
      socket.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8')
        if (seen === 'HTTP/1.1 100 Continue\r\n\r\n') socket.write(body)
      })
      socket.on('close', () => resolve(seen))
      socket.on('error', reject)
      socket.write(
        `POST /login HTTP/1.1\r\n${host}Origin: ${APP_URL}\r\nConnection: close\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nExpect: 100-continue\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      )
    })
    expect(answer.startsWith('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 '), answer).toBe(true)
    expect(answer).not.toContain('HTTP/1.1 5')
  })
})
