// Which web push endpoints are taken (decision 0157), for the app and the demo backend.

/** Chromium's FCM, Mozilla autopush, Apple (which asks servers to allow `*.push.apple.com`), Edge's WNS. */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = Object.freeze([
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
])

export interface PushEndpointRule {
  hosts: readonly string[]
  allowLocalService: boolean
}

export const DEFAULT_PUSH_ENDPOINT_RULE: PushEndpointRule = Object.freeze({
  hosts: DEFAULT_PUSH_SERVICE_HOSTS,
  allowLocalService: false,
})

/** A DNS name in the form URL parsing gives it: lowercase ASCII labels, at least two, the last no number. */
const DNS_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname === '[::1]' ||
  (/^\d+\.\d+\.\d+\.\d+$/.test(hostname) && hostname.startsWith('127.'))

/** The host or one of its subdomains (on a label boundary: `evil-fcm.googleapis.com` is neither). */
const isHostOrSubdomain = (hostname: string, host: string) =>
  hostname === host || hostname.endsWith(`.${host}`)

/**
 * The backend POSTs to it: any other host or port would let a member aim the backend at its own
 * network or any server. The backend also sends only to a public address (tests/mock-backend/push-target.ts).
 */
export function isPushEndpoint(
  value: string,
  rule: PushEndpointRule = DEFAULT_PUSH_ENDPOINT_RULE,
): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username !== '' || url.password !== '') return false
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  if (rule.allowLocalService && isLoopbackHost(url.hostname)) return true
  // URL parsing leaves the port empty for https's own 443, written or not.
  if (url.protocol !== 'https:' || url.port !== '') return false
  // A trailing dot or an IP literal is no DNS_NAME: browsers' push services give neither.
  if (!DNS_NAME.test(url.hostname)) return false
  return rule.hosts.some((host) => isHostOrSubdomain(url.hostname, host))
}

/** Throws on a value that is no DNS name of two labels or more (an IP, a URL, `com`, `*.x.com`). */
export function pushServiceHostsOf(env: Record<string, string | undefined>): readonly string[] {
  const raw = env.PUSH_SERVICE_HOSTS?.trim() ?? ''
  if (raw === '') return DEFAULT_PUSH_SERVICE_HOSTS
  const hosts = raw.split(',').map((item) => item.trim().toLowerCase())
  for (const host of hosts) {
    if (!DNS_NAME.test(host)) {
      throw new Error(
        `"${host}" is not a host name such as fcm.googleapis.com (comma-separated; subdomains are included)`,
      )
    }
  }
  return Object.freeze([...new Set(hosts)])
}

/** Never under `npm start`: only the e2e servers and tests set PUSH_ALLOW_LOCAL_SERVICE=1. */
export function localPushServiceAllowed(env: Record<string, string | undefined>): boolean {
  return env.PUSH_ALLOW_LOCAL_SERVICE === '1'
}

export function pushEndpointRuleOf(env: Record<string, string | undefined>): PushEndpointRule {
  return { hosts: pushServiceHostsOf(env), allowLocalService: localPushServiceAllowed(env) }
}
