import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PUSH_SERVICE_HOSTS,
  isPushEndpoint,
  pushEndpointRuleOf,
  pushServiceHostsOf,
} from '~/lib/push-endpoint'

const LOCAL = { hosts: DEFAULT_PUSH_SERVICE_HOSTS, allowLocalService: true }

describe('isPushEndpoint', () => {
  it.each([
    // The issue's: names of the network or leading back into it, and other ports.
    'https://127.0.0.1.nip.io:3409/ssrf',
    'https://127.0.0.1.nip.io/ssrf',
    'https://x.sslip.io/',
    'https://kubernetes.default.svc/',
    'https://backend.corp/',
    'https://fcm.googleapis.com:22/',
    'https://fcm.googleapis.com:6379/',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://push.example/send/abc',
    // Not on a label boundary of a push service's host.
    'https://fcm.googleapis.com.evil.com/fcm/send/abc',
    'https://evil-fcm.googleapis.com/fcm/send/abc',
    'https://evilfcm.googleapis.com/fcm/send/abc',
    'https://googleapis.com/fcm/send/abc',
    'https://apple.com/x',
    'https://notpush.apple.com/x',
    'https://push.apple.com.attacker.net/x',
    // A look-alike in another script reaches URL parsing as punycode: no push service's.
    'https://fcm.googleapis.cοm/fcm/send/abc',
    'https://xn--fcm-googleapis-com.evil.com/x',
    // A trailing dot: browsers never give one.
    'https://fcm.googleapis.com./fcm/send/abc',
    // Schemes, userinfo.
    'http://fcm.googleapis.com/fcm/send/abc',
    'ftp://fcm.googleapis.com/x',
    'javascript:alert(1)',
    'https://user:pw@fcm.googleapis.com/x',
    'https://user@fcm.googleapis.com/x',
    'https://fcm.googleapis.com@10.0.0.1/x',
    // IP literals, public or not, in every spelling URL parsing takes.
    'https://10.0.0.1/x',
    'https://192.168.1.1/x',
    'https://169.254.169.254/latest',
    'https://127.0.0.1/x',
    'https://8.8.8.8/x',
    'https://0x7f.1/x',
    'https://2130706433/x',
    'https://[::1]/x',
    'https://[fd00::1]/x',
    'https://[2001:4860:4860::8888]/x',
    'https://[::ffff:10.0.0.1]/x',
    // Internal names and the local push service without the test setting.
    'https://localhost/x',
    'https://push.localhost/x',
    'https://intranet/x',
    'http://127.0.0.1:9/x',
    'http://localhost/x',
    'not a url',
    '',
  ])('refuses %s', (endpoint) => {
    expect(isPushEndpoint(endpoint)).toBe(false)
  })

  it.each([
    'https://fcm.googleapis.com/fcm/send/cXyZ:APA91bH',
    'https://fcm.googleapis.com/wp/cXyZ:APA91bH',
    'https://fcm.googleapis.com:443/fcm/send/abc',
    'https://FCM.GoogleAPIs.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('takes %s', (endpoint) => {
    expect(isPushEndpoint(endpoint)).toBe(true)
  })

  it('takes a push service on this machine only with the test setting, on any port', () => {
    for (const local of ['http://127.0.0.1:9/x', 'http://localhost:9/x', 'https://[::1]:9/x']) {
      expect(isPushEndpoint(local)).toBe(false)
      expect(isPushEndpoint(local, LOCAL)).toBe(true)
    }
    // Still never another host of the network, nor another port or http elsewhere.
    for (const other of [
      'http://10.0.0.1/x',
      'https://192.168.1.1/x',
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:22/x',
      'https://127.0.0.1.nip.io:3409/ssrf',
      'http://user:pw@127.0.0.1:9/x',
    ]) {
      expect(isPushEndpoint(other, LOCAL)).toBe(false)
    }
  })

  it('takes the configured hosts instead of the default ones', () => {
    const rule = { hosts: ['push.example.net'], allowLocalService: false }
    expect(isPushEndpoint('https://push.example.net/s/1', rule)).toBe(true)
    expect(isPushEndpoint('https://eu.push.example.net/s/1', rule)).toBe(true)
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', rule)).toBe(false)
    expect(isPushEndpoint('https://push.example.net:8443/s/1', rule)).toBe(false)
  })
})

describe('PUSH_SERVICE_HOSTS', () => {
  it('is the browsers’ push services when unset or empty', () => {
    expect(pushServiceHostsOf({})).toEqual([
      'fcm.googleapis.com',
      'push.services.mozilla.com',
      'push.apple.com',
      'notify.windows.com',
    ])
    expect(pushServiceHostsOf({ PUSH_SERVICE_HOSTS: ' ' })).toBe(DEFAULT_PUSH_SERVICE_HOSTS)
  })

  it('replaces the list: comma-separated names, lowercased', () => {
    expect(
      pushServiceHostsOf({ PUSH_SERVICE_HOSTS: 'FCM.googleapis.com, push.example.net' }),
    ).toEqual(['fcm.googleapis.com', 'push.example.net'])
    expect(
      pushEndpointRuleOf({ PUSH_SERVICE_HOSTS: 'push.example.net', PUSH_ALLOW_LOCAL_SERVICE: '1' }),
    ).toEqual({ hosts: ['push.example.net'], allowLocalService: true })
  })

  it.each([
    '10.0.0.1',
    'com',
    'localhost',
    '*.push.apple.com',
    'https://fcm.googleapis.com',
    'fcm.googleapis.com:443',
    'fcm.googleapis.com.',
    'fcm.googleapis.com,,push.apple.com',
  ])('refuses %s', (value) => {
    expect(() => pushServiceHostsOf({ PUSH_SERVICE_HOSTS: value })).toThrow(/host name/)
  })
})
