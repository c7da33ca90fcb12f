import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PUSH_ENDPOINT_RULE } from '../../app/lib/push-endpoint'
import { isPublicAddress, postPinned, pushTargetOf, type ResolvedAddress } from './push-target'

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '100.100.100.200',
    '127.0.0.1',
    '127.1.2.3',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.170',
    '192.168.1.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b::169.254.169.254',
    '2002:a00:1::1',
    '2001:db8::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each([
    '142.250.4.95',
    '8.8.8.8',
    '100.63.255.255',
    '172.32.0.1',
    '2607:f8b0:4005:80a::200a',
    '2a00:1450:4001:82b::200a',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('pushTargetOf', () => {
  const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc'
  function resolverOf(answer: ResolvedAddress[]) {
    const asked: string[] = []
    return {
      asked,
      resolve: async (hostname: string) => {
        asked.push(hostname)
        return answer
      },
    }
  }

  it('goes to the first address of a name whose every address is public, asking once', async () => {
    const dns = resolverOf([
      { address: '142.250.4.95', family: 4 },
      { address: '2607:f8b0:4005:80a::200a', family: 6 },
    ])
    const target = await pushTargetOf(ENDPOINT, DEFAULT_PUSH_ENDPOINT_RULE, dns.resolve)
    expect(target).toMatchObject({ address: '142.250.4.95', family: 4 })
    expect(dns.asked).toEqual(['fcm.googleapis.com'])
  })

  it.each([
    [[{ address: '10.0.0.1', family: 4 }]],
    [[{ address: '169.254.169.254', family: 4 }]],
    [[{ address: '::1', family: 6 }]],
    [
      [
        { address: '142.250.4.95', family: 4 },
        { address: '192.168.0.10', family: 4 },
      ],
    ],
    [[]],
  ] as ResolvedAddress[][][])('refuses a name that resolves to %j', async (answer) => {
    const target = await pushTargetOf(
      ENDPOINT,
      DEFAULT_PUSH_ENDPOINT_RULE,
      resolverOf(answer).resolve,
    )
    expect(typeof target).toBe('string')
  })

  it('refuses a name that does not resolve, and an endpoint the rule refuses without asking', async () => {
    const failing = async () => {
      throw new Error('ENOTFOUND')
    }
    expect(await pushTargetOf(ENDPOINT, DEFAULT_PUSH_ENDPOINT_RULE, failing)).toMatch(/resolve/)
    const dns = resolverOf([{ address: '142.250.4.95', family: 4 }])
    for (const endpoint of ['https://127.0.0.1.nip.io:3409/ssrf', 'https://backend.corp/']) {
      expect(await pushTargetOf(endpoint, DEFAULT_PUSH_ENDPOINT_RULE, dns.resolve)).toMatch(
        /no push service/,
      )
    }
    expect(dns.asked).toEqual([])
  })

  it('a local push service (test setting) only on a loopback address', async () => {
    const rule = { ...DEFAULT_PUSH_ENDPOINT_RULE, allowLocalService: true }
    const loopback = resolverOf([{ address: '127.0.0.1', family: 4 }])
    expect(await pushTargetOf('http://localhost:9/x', rule, loopback.resolve)).toMatchObject({
      address: '127.0.0.1',
    })
    const inside = resolverOf([{ address: '10.0.0.1', family: 4 }])
    expect(typeof (await pushTargetOf('http://localhost:9/x', rule, inside.resolve))).toBe('string')
    // An IP literal is its own address.
    expect(await pushTargetOf('http://[::1]:9/x', rule, inside.resolve)).toMatchObject({
      address: '::1',
      family: 6,
    })
    expect(inside.asked).toEqual(['localhost'])
  })
})

describe('postPinned', () => {
  let server: Server
  let port: number
  const seen: { host: string | undefined; body: string }[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        seen.push({ host: req.headers.host, body })
        res.writeHead(201).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('connects to the address it is given, never looking the name up again', async () => {
    // `.invalid` never resolves (RFC 6761): only the pinned address can answer.
    const url = new URL(`http://push.invalid:${port}/send/abc`)
    const status = await postPinned(
      { url, address: '127.0.0.1', family: 4 },
      { method: 'POST', headers: { TTL: '60' }, body: Buffer.from('hello') },
      5_000,
    )
    expect(status).toBe(201)
    expect(seen).toEqual([{ host: `push.invalid:${port}`, body: 'hello' }])
  })
})
