/**
 * Which web push endpoints are taken (docs/backend-api.md, "Push
 * notifications"; decision 0157): the one rule of the app, which checks a
 * subscription before it reaches the backend, and of the demo backend, which
 * checks it again when it is saved and POSTs to it. Pure: the environment is
 * passed in (PUSH_SERVICE_HOSTS, PUSH_ALLOW_LOCAL_SERVICE).
 */

/**
 * The push services browsers use (host names, each with its subdomains):
 * Chrome and the other Chromium browsers but Edge (FCM,
 * `fcm.googleapis.com/fcm/send/…` and `/wp/…`), Firefox (Mozilla autopush,
 * `updates.push.services.mozilla.com`), Safari (`web.push.apple.com`; Apple
 * asks servers to allow `*.push.apple.com`) and Edge (Windows WNS,
 * `<region>.notify.windows.com`). PUSH_SERVICE_HOSTS replaces the list.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = Object.freeze([
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
])

/** Which endpoints are taken: the push services' hosts, and (tests only) a push service on this machine. */
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

/** Whether a URL's host is this machine (where a test's local push service listens). */
export const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname === '[::1]' ||
  (/^\d+\.\d+\.\d+\.\d+$/.test(hostname) && hostname.startsWith('127.'))

/** The host or one of its subdomains (on a label boundary: `evil-fcm.googleapis.com` is neither). */
const isHostOrSubdomain = (hostname: string, host: string) =>
  hostname === host || hostname.endsWith(`.${host}`)

/**
 * Whether an endpoint may be saved: https on port 443, no user or password,
 * a host name (never an IP literal) that is one of the push services' hosts
 * or their subdomains. The backend POSTs to it: any other host or port would
 * let a member aim the backend at its own network or at any server. The
 * backend also resolves the name before sending and sends only to a public
 * address (tests/mock-backend/push-target.ts). `allowLocalService` (tests
 * only, PUSH_ALLOW_LOCAL_SERVICE=1) also lets in a push service on this
 * machine, over http or https, on any port.
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

/**
 * PUSH_SERVICE_HOSTS: comma-separated host names (each taken with its
 * subdomains); unset or empty, the default list. Throws on a value that is
 * no DNS name of two labels or more (an IP, a URL, `com`, `*.x.com`).
 */
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

/**
 * Whether this process takes a local push service's endpoints: only with
 * PUSH_ALLOW_LOCAL_SERVICE=1 (the e2e servers and the tests set it; never
 * `npm start`).
 */
export function localPushServiceAllowed(env: Record<string, string | undefined>): boolean {
  return env.PUSH_ALLOW_LOCAL_SERVICE === '1'
}

/** This process's rule, from PUSH_SERVICE_HOSTS and PUSH_ALLOW_LOCAL_SERVICE. */
export function pushEndpointRuleOf(env: Record<string, string | undefined>): PushEndpointRule {
  return { hosts: pushServiceHostsOf(env), allowLocalService: localPushServiceAllowed(env) }
}
