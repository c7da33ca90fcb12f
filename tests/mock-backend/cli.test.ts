/** The CLI as a real child process (run through tsx), as `npm start` and the e2e tests run it. */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { claimsOf, clientFor } from './helpers'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))
const children: ChildProcess[] = []

interface Started {
  child: ChildProcess
  url: string
  stdout: () => string
  stderr: () => string
}

function run(env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
    env: { ...process.env, MOCK_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return child
}

async function start(env: Record<string, string> = {}): Promise<Started> {
  const child = run(env)
  let stdout = ''
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /^MOCK_BACKEND_URL=(\S+)\n/.exec(stdout)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
  })
  return { child, url, stdout: () => stdout, stderr: () => stderr }
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode
  const [code] = (await once(child, 'exit')) as [number | null]
  return code
}

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
})

// Each test starts the CLI as a child process through tsx: on a busy machine
// that alone can take seconds, so the wait for it is longer than a unit test's.
describe('the demo backend CLI', { timeout: 30_000 }, () => {
  it('prints exactly one line with its URL, serves, and exits 0 on SIGTERM', async () => {
    const { child, url, stdout } = await start()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await clientFor(url).get('/healthz')).status).toBe(200)
    child.kill('SIGTERM')
    expect(await exitOf(child)).toBe(0)
    expect(stdout()).toBe(`MOCK_BACKEND_URL=${url}\n`)
  })

  it('exits 0 on SIGINT, even with a hanging request open', async () => {
    const { child, url } = await start()
    const api = clientFor(url)
    await api.post('/__mock/fail', { path: '/healthz', mode: 'hang' })
    const hanging = fetch(`${url}/healthz`).catch(() => 'closed')
    // The request is open at the backend (logged, not answered) before the signal.
    await expect
      .poll(
        async () => (await api.get<{ data: unknown[] }>('/__mock/calls?path=/healthz')).body.data,
      )
      .toHaveLength(1)
    child.kill('SIGINT')
    expect(await exitOf(child)).toBe(0)
    expect(await hanging).toBe('closed')
  })

  it('takes its options from the environment', async () => {
    const { url } = await start({
      MOCK_ACCESS_TTL: '42',
      MOCK_REFRESH_TTL: '84',
      MOCK_REUSE_GRACE_MS: '5',
      MOCK_TOKEN_PADDING: '100',
    })
    const api = clientFor(url)
    const config = await api.get<{ data: unknown }>('/__mock/config')
    expect(config.body.data).toEqual({
      accessTtlSeconds: 42,
      refreshTtlSeconds: 84,
      noExp: false,
      reuseGraceMs: 5,
      tokenPadding: 100,
    })
    const pair = await api.login('demo')
    const claims = claimsOf(pair.accessToken)
    expect((claims.exp as number) - (claims.iat as number)).toBe(42)
  })

  it('issues tokens without exp with MOCK_TOKEN_NO_EXP=1', async () => {
    const { url } = await start({ MOCK_TOKEN_NO_EXP: '1' })
    const pair = await clientFor(url).login('demo')
    expect(claimsOf(pair.accessToken)).not.toHaveProperty('exp')
  })

  it('signs with MOCK_JWT_SECRET: tokens of another secret are invalid', async () => {
    const a = await start({ MOCK_JWT_SECRET: 'first-secret-0123456789' })
    const b = await start({ MOCK_JWT_SECRET: 'second-secret-0123456789' })
    const pair = await clientFor(a.url).login('demo')
    const res = await clientFor(b.url).post<{ code: string }>('/auth/refresh', {
      refreshToken: pair.refreshToken,
    })
    expect([res.status, res.body.code]).toEqual([401, 'INVALID_TOKEN'])
  })

  it('exits when the process named by MOCK_PARENT_PID is gone', async () => {
    const parent = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
      stdio: 'ignore',
    })
    children.push(parent)
    const { child } = await start({ MOCK_PARENT_PID: String(parent.pid) })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(child.exitCode).toBeNull()
    parent.kill('SIGKILL')
    const started = Date.now()
    expect(await exitOf(child)).toBe(0)
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('pushes with the VAPID keys of VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY', async () => {
    const keys = webpush.generateVAPIDKeys()
    const { url } = await start({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    })
    const client = clientFor(url)
    const { accessToken } = await client.login('demo')
    const res = await client.get<{ data: { publicKey: string } }>('/member/push/key', accessToken)
    expect(res.body.data.publicKey).toBe(keys.publicKey)
  })

  it('takes the push services of PUSH_SERVICE_HOSTS only', async () => {
    const { url } = await start({ PUSH_SERVICE_HOSTS: 'push.example.net' })
    const client = clientFor(url)
    const { accessToken } = await client.login('demo')
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
    const save = (endpoint: string) =>
      client.post<{ code?: string }>('/member/push/subscriptions', { endpoint, keys }, accessToken)
    expect((await save('https://eu.push.example.net/s/1')).status).toBe(200)
    const fcm = await save('https://fcm.googleapis.com/fcm/send/abc')
    expect([fcm.status, fcm.body.code]).toEqual([400, 'PUSH_ENDPOINT_REFUSED'])
  })

  it('refuses half a VAPID key pair with exit 2 and a message naming it', async () => {
    const child = run({ VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey })
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    expect(await exitOf(child)).toBe(2)
    expect(stderr).toContain('VAPID')
  })

  it.each([
    ['MOCK_ACCESS_TTL', 'soon', 'MOCK_ACCESS_TTL'],
    ['MOCK_TOKEN_NO_EXP', 'maybe', 'MOCK_TOKEN_NO_EXP'],
    ['MOCK_TOKEN_PADDING', '-1', 'tokenPadding'],
    ['MOCK_PORT', '70000', 'port'],
    ['PUSH_SERVICE_HOSTS', 'fcm.googleapis.com:22', 'PUSH_SERVICE_HOSTS'],
  ])('refuses %s=%s with exit 2 and a message naming it', async (name, value, named) => {
    const child = run({ [name]: value })
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    expect(await exitOf(child)).toBe(2)
    expect(stderr).toContain(named)
  })
})
