/** Child processes the scripts manage: the demo backend and servers. */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'

const DEMO_CLI = 'build/mock-backend/cli.mjs'

/** Starts the demo backend on a free port; resolves with its URL once it listens. */
export async function startDemoBackend(env = process.env, extraEnv = {}) {
  const child = spawn(process.execPath, [DEMO_CLI], {
    env: {
      ...env,
      MOCK_PORT: env.MOCK_PORT ?? '0',
      MOCK_PARENT_PID: String(process.pid),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The demo backend did not start within 10 s')),
      10_000,
    )
    child.once('exit', (code) => reject(new Error(`The demo backend exited (code ${code})`)))
    lines.on('line', (line) => {
      const match = /^MOCK_BACKEND_URL=(\S+)$/.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      } else {
        console.log(`[demo-backend] ${line}`)
      }
    })
  })
  return { child, url }
}

/** Stops a child process (SIGTERM, then SIGKILL after `killAfterMs`). */
export async function stopChild(child, killAfterMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs)
  await once(child, 'exit').catch(() => undefined)
  clearTimeout(timer)
}

/**
 * The app's settings for the demo backend at `demoUrl` (it is also the LINE
 * login, the image host and the configuration service), for a server on
 * `port`. A demo has no secrets to keep: a fresh session secret per start,
 * and plain-http cookies. Values already set win.
 */
export function demoEnv(env, demoUrl, port) {
  env.BACKEND_URL = demoUrl
  env.SESSION_SECRET ??= randomBytes(32).toString('base64url')
  env.COOKIE_SECURE ??= 'false'
  env.LINE_CHANNEL_ID ||= 'demo-line-channel'
  env.LINE_AUTHORIZE_URL ??= `${demoUrl}/line/authorize`
  env.IMAGE_HOST_URL ||= demoUrl
  env.CONFIG_SERVICE_URL ||= demoUrl
  // The demo backend takes the staff audit with MOCK_AUDIT_KEY, else its development key.
  env.STAFF_AUDIT_KEY ||= env.MOCK_AUDIT_KEY || 'staff-audit-dev-key-not-for-production'
  if (port) env.APP_ORIGIN ||= `http://localhost:${port},http://127.0.0.1:${port}`
  return env
}

/** Builds the app and the demo backend when a build output is missing (`npm run build`); throws when it fails. */
export function ensureBuild() {
  const outputs = ['build/index.js', 'build/mock-backend/cli.mjs', 'public/build']
  if (outputs.every((path) => existsSync(path))) return
  console.log('No build found: running `npm run build` first.')
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (built.status !== 0) throw new Error('npm run build failed')
}

/** How long an app server may take to finish its requests after SIGTERM (its SHUTDOWN_TIMEOUT_MS, and 2 s more). */
export function appDrainMs(env = process.env) {
  return (Number(env.SHUTDOWN_TIMEOUT_MS) || 20_000) + 2000
}
