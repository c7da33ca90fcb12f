/**
 * Where the demo backend sends a push (docs/backend-api.md, "Push
 * notifications"). The endpoint passed isPushEndpoint when it was saved; at
 * each push its name is resolved once, every address it resolves to must be
 * public (no private, loopback, link-local, unique-local, carrier-grade NAT
 * or cloud metadata address), and the request goes to the first of them:
 * the connection makes no lookup of its own, so a name that answers a public
 * address to the check and a private one a moment later (DNS rebinding)
 * still cannot lead inside. A push service on this machine (tests,
 * PUSH_ALLOW_LOCAL_SERVICE=1) is reached only on a loopback address.
 *
 * The request is node:http(s)'s, without redirects: a push service answers,
 * it never sends the backend elsewhere.
 */
import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { isLoopbackHost, isPushEndpoint, type PushEndpointRule } from '../../app/lib/push-endpoint'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** The addresses of a host name (tests give their own). */
export type PushHostResolver = (hostname: string) => Promise<ResolvedAddress[]>

/** The system's resolver, as a connection would use it (getaddrinfo: /etc/hosts, search domains). */
export const systemResolver: PushHostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }))

// Two lists: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules and back.
const NOT_PUBLIC_V4 = new BlockList()
const NOT_PUBLIC_V6 = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  // Carrier-grade NAT, where some clouds keep their metadata (100.100.100.200).
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  // Link-local, with the metadata service of most clouds (169.254.169.254).
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC_V4.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // IETF assignments, Teredo among them; documentation; 6to4.
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  // Unique-local (AWS's metadata fd00:ec2::254), link-local, site-local, multicast.
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(net, prefix, 'ipv6')
}

/** An IPv6 address's eight groups (a dotted IPv4 tail read as two). */
function ipv6Groups(address: string): number[] {
  let text = address
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const first = head === '' ? [] : head.split(':')
  const last = tail === undefined || tail === '' ? [] : tail.split(':')
  const zeros = tail === undefined ? 0 : 8 - first.length - last.length
  return [...first, ...Array<string>(zeros).fill('0'), ...last].map((group) => parseInt(group, 16))
}

/** Whether an address is on the public internet (an address of a name, never a literal of a member's). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '')
  const family = isIP(bare)
  if (family === 4) return !NOT_PUBLIC_V4.check(bare, 'ipv4')
  if (family !== 6 || NOT_PUBLIC_V6.check(bare, 'ipv6')) return false
  // An IPv4-mapped address, or NAT64's well-known prefix, carries an IPv4 address: that one decides.
  const groups = ipv6Groups(bare)
  const [high = 0, low = 0] = groups.slice(6)
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)
  if (mapped || nat64) return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`)
  return true
}

const isLoopbackAddress = (address: string) =>
  address === '::1' ||
  (isIP(address) === 4 && address.startsWith('127.')) ||
  /^::ffff:127\.\d+\.\d+\.\d+$/i.test(address)

export interface PushTarget {
  url: URL
  address: string
  family: 4 | 6
}

/**
 * The address a push to this endpoint goes to, or why it must not go (a
 * sentence for the log). The resolver is asked once.
 */
export async function pushTargetOf(
  endpoint: string,
  rule: PushEndpointRule,
  resolve: PushHostResolver,
): Promise<PushTarget | string> {
  if (!isPushEndpoint(endpoint, rule)) return 'the endpoint is no push service this backend takes'
  const url = new URL(endpoint)
  const local = rule.allowLocalService && isLoopbackHost(url.hostname)
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: ResolvedAddress[]
  if (isIP(literal) !== 0) {
    addresses = [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }]
  } else {
    try {
      addresses = await resolve(url.hostname)
    } catch (error) {
      return `${url.hostname} does not resolve (${(error as Error).message})`
    }
  }
  const allowed = local ? isLoopbackAddress : isPublicAddress
  const [first] = addresses
  if (first === undefined) return `${url.hostname} has no address`
  const inside = addresses.find(({ address }) => !allowed(address))
  if (inside) return `${url.hostname} resolves to ${inside.address}, not a public address`
  return { url, address: first.address, family: first.family }
}

/** Posts to the target's address and nowhere else; resolves to the answer's status. */
export function postPinned(
  target: PushTarget,
  request: { method: string; headers: Record<string, string>; body: Buffer | null },
  timeoutMs: number,
): Promise<number> {
  const { url, address, family } = target
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }])
    else callback(null, address, family)
  }
  return new Promise((resolve, reject) => {
    const sending = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: pinned,
        // A fresh connection each time: no socket of another push is reused.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (answer) => {
        answer.resume()
        answer.on('end', () => resolve(answer.statusCode ?? 0))
        answer.on('error', reject)
      },
    )
    sending.on('error', reject)
    sending.end(request.body ?? undefined)
  })
}
