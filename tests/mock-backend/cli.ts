/**
 * Starts the demo backend from environment variables and prints exactly one
 * line, `MOCK_BACKEND_URL=http://127.0.0.1:PORT`, once it listens (the demo
 * staff accounts and their TOTP secrets go to stderr just before). Stops
 * cleanly (exit 0) on SIGTERM or SIGINT, and when MOCK_PARENT_PID is set,
 * as soon as that process is gone (checked every second).
 *
 *   MOCK_PORT            port, 0 = a free one (default 0)
 *   MOCK_ACCESS_TTL      access token lifetime, s (default 900)
 *   MOCK_REFRESH_TTL     refresh token lifetime, s (default 604800)
 *   MOCK_TOKEN_NO_EXP    1 = tokens without `exp`
 *   MOCK_REUSE_GRACE_MS  reuse grace window of a rotated refresh token (default 10000)
 *   MOCK_TOKEN_PADDING   make tokens about this many bytes longer (default 0)
 *   MOCK_JWT_SECRET      HS256 key (default: a fixed development string)
 *   MOCK_AUDIT_KEY       the app's key for writing the staff audit (default: a fixed development string)
 *   MOCK_PARENT_PID      exit when this process no longer exists
 *   VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY  web push's keys (default: a pair made at start)
 *   VAPID_SUBJECT        web push's contact, mailto: or https: (default mailto:push@member-app.example)
 *   PUSH_SERVICE_HOSTS   push services taken, comma-separated host names with their subdomains
 *                        (default fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com)
 *   PUSH_ALLOW_LOCAL_SERVICE  1 = take push endpoints on this machine (tests' local push service)
 */
import { localPushServiceAllowed, pushServiceHostsOf } from '../../app/lib/push-endpoint'
import { type MockOptions, OptionsError } from './options'
import { startMockBackend } from './server'
import { staffStartLines } from './staff-accounts'

const PARENT_CHECK_MS = 1000

class ConfigError extends Error {}

function intFromEnv(name: string): number | undefined {
  const raw = process.env[name]?.trim()
  if (raw === undefined || raw === '') return undefined
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(`${name} must be an integer, got "${raw}"`)
  return Number(raw)
}

function boolFromEnv(name: string): boolean | undefined {
  const raw = process.env[name]?.trim().toLowerCase()
  if (raw === undefined || raw === '') return undefined
  if (['1', 'true', 'yes'].includes(raw)) return true
  if (['0', 'false', 'no'].includes(raw)) return false
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`)
}

/** MOCK_AUDIT_KEY: the key the app writes the staff audit with (at least 16 characters). */
function auditKeyFromEnv(): string | undefined {
  const key = process.env.MOCK_AUDIT_KEY?.trim()
  if (!key) return undefined
  if (key.length < 16) throw new ConfigError('MOCK_AUDIT_KEY must be at least 16 characters')
  return key
}

function optionsFromEnv(): Partial<MockOptions> {
  return {
    port: intFromEnv('MOCK_PORT'),
    accessTtlSeconds: intFromEnv('MOCK_ACCESS_TTL'),
    refreshTtlSeconds: intFromEnv('MOCK_REFRESH_TTL'),
    noExp: boolFromEnv('MOCK_TOKEN_NO_EXP'),
    reuseGraceMs: intFromEnv('MOCK_REUSE_GRACE_MS'),
    tokenPadding: intFromEnv('MOCK_TOKEN_PADDING'),
    jwtSecret: process.env.MOCK_JWT_SECRET || undefined,
    vapid: {
      publicKey: process.env.VAPID_PUBLIC_KEY?.trim() || undefined,
      privateKey: process.env.VAPID_PRIVATE_KEY?.trim() || undefined,
      subject: process.env.VAPID_SUBJECT?.trim() || undefined,
    },
    allowLocalPushService: localPushServiceAllowed(process.env),
    auditKey: auditKeyFromEnv(),
    pushServiceHosts: pushServiceHostsFromEnv(),
  }
}

function pushServiceHostsFromEnv(): readonly string[] {
  try {
    return pushServiceHostsOf(process.env)
  } catch (error) {
    throw new ConfigError(`PUSH_SERVICE_HOSTS: ${(error as Error).message}`)
  }
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Whether the MOCK_PARENT_PID process is gone: it no longer exists, or (when
 * it was our parent) we have been re-parented, which also covers a parent
 * that lingers as a zombie.
 */
function parentWatch(parentPid: number): () => boolean {
  const isOurParent = process.ppid === parentPid
  return () => !exists(parentPid) || (isOurParent && process.ppid !== parentPid)
}

async function main(): Promise<void> {
  const parentPid = intFromEnv('MOCK_PARENT_PID')
  const parentGone = parentPid === undefined ? undefined : parentWatch(parentPid)
  const backend = await startMockBackend(optionsFromEnv())
  // The support console's demo logins (stderr: stdout is the URL line alone).
  for (const line of staffStartLines()) console.error(line)
  process.stdout.write(`MOCK_BACKEND_URL=${backend.url}\n`)

  let stopping = false
  const stop = async (reason: string) => {
    if (stopping) return
    stopping = true
    clearInterval(watcher)
    if (reason !== 'signal') console.error(`[mock-backend] stopping: ${reason}`)
    await backend.close()
    process.exit(0)
  }
  const watcher =
    parentGone &&
    setInterval(() => {
      if (parentGone()) void stop(`parent process ${parentPid} is gone`)
    }, PARENT_CHECK_MS)

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void stop('signal'))
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  console.error(`[mock-backend] could not start: ${message}`)
  process.exit(error instanceof ConfigError || error instanceof OptionsError ? 2 : 1)
})
