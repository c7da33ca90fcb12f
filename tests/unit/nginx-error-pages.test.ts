/**
 * The cluster's nginx (scripts/lib/nginx-conf.mjs, written by
 * scripts/cluster.mjs) answers in Thai when it answers itself: a Cookie
 * header over 8 KB (400), a method it refuses (405), a body over its limit
 * (413), an instance that drops the connection (502) or answers too late
 * (504). A real nginx runs the generated config in front of a small server.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NGINX_ERROR_PAGES, nginxConfig, writeErrorPages } from '../../scripts/lib/nginx-conf.mjs'

const NGINX = '/usr/sbin/nginx'

let dir: string
let app: Server
let nginx: ChildProcess
let port: number

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address() as AddressInfo
      probe.close(() => resolve(found))
    })
  })
}

interface Answer {
  status: number
  type: string
  body: string
}

function send(
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      )
    })
    // A body nginx refuses may be cut off while it is sent: the answer still comes.
    req.on('error', reject)
    req.end()
  })
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('nginx did not start')
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nginx-pages-'))
  // nginx's workers (not root) read the pages here, as in scripts/cluster.mjs.
  chmodSync(dir, 0o755)
  // The instance: /ok answers, /slow never does, /drop closes the connection.
  app = createServer((req, res) => {
    if (req.url === '/slow') return
    if (req.url === '/drop') return req.socket.destroy()
    res.end('ok')
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  const appPort = (app.address() as AddressInfo).port
  port = await freePort()
  writeErrorPages(dir)
  writeFileSync(
    join(dir, 'nginx.conf'),
    nginxConfig({ dir, port, apps: [appPort], readTimeoutSeconds: 1 }),
  )
  nginx = spawn(NGINX, ['-e', 'stderr', '-c', join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'ignore',
  })
  await until(async () => (await send('/ok')).status === 200)
}, 20_000)

afterAll(async () => {
  nginx?.kill('SIGTERM')
  await new Promise((resolve) =>
    nginx?.exitCode !== null ? resolve(null) : nginx.once('exit', resolve),
  )
  await new Promise((resolve) => app?.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

function expectThaiPage(answer: Answer, status: keyof typeof NGINX_ERROR_PAGES) {
  expect(answer.status).toBe(status)
  expect(answer.type).toBe('text/html; charset=utf-8')
  expect(answer.body).toContain('<html lang="th">')
  expect(answer.body).toContain(NGINX_ERROR_PAGES[status].title)
  expect(answer.body).not.toMatch(/nginx|Bad Request|Too Large|Not Allowed|Bad Gateway|Time-out/i)
}

describe("nginx's own answers", () => {
  it('passes the app through', async () => {
    expect(await send('/ok')).toMatchObject({ status: 200, body: 'ok' })
  })

  it('400: a Cookie header over 8 KB', async () => {
    const answer = await send('/ok', { headers: { Cookie: `big=${'x'.repeat(9000)}` } })
    expectThaiPage(answer, 400)
    expect(answer.body).toContain('ล้างคุกกี้')
  })

  it('405: a method nginx refuses', async () => {
    expectThaiPage(await send('/ok', { method: 'TRACE' }), 405)
  })

  it('413: a body over client_max_body_size', async () => {
    const answer = await send('/ok', {
      method: 'POST',
      headers: { 'Content-Length': String(2 * 1024 * 1024), 'Content-Type': 'text/plain' },
    })
    expectThaiPage(answer, 413)
  })

  it('502: the instance drops the connection', async () => {
    expectThaiPage(await send('/drop'), 502)
  })

  it('504: the instance answers too late', async () => {
    expectThaiPage(await send('/slow'), 504)
  })
})
