import { describe, expect, it } from 'vitest'
import { clientAddress } from '~/server/client-address.server'

const req = (headers: Record<string, string>) => new Request('http://app.example/', { headers })

describe('clientAddress', () => {
  const spoofed = {
    'X-Client-IP': '1.1.1.1',
    'X-Real-IP': '2.2.2.2',
    'CF-Connecting-IP': '3.3.3.3',
    'True-Client-IP': '4.4.4.4',
  }
  it('TRUST_PROXY_HOPS=0: nothing is trusted', () => {
    expect(clientAddress(req({ ...spoofed, 'X-Forwarded-For': '198.51.100.7' }), 0)).toBeNull()
  })
  it('one hop: the rightmost X-Forwarded-For entry, whatever the client put before it', () => {
    const headers = { ...spoofed, 'X-Forwarded-For': '6.6.6.6, 198.51.100.7' }
    expect(clientAddress(req(headers), 1)).toBe('198.51.100.7')
  })
  it('two hops: the second from the right', () => {
    const headers = { 'X-Forwarded-For': '6.6.6.6, 198.51.100.7, 10.0.0.2' }
    expect(clientAddress(req(headers), 2)).toBe('198.51.100.7')
  })
  it('never another header a client sets', () => {
    expect(clientAddress(req(spoofed), 1)).toBeNull()
  })
  it('too few entries or garbage: unknown', () => {
    expect(clientAddress(req({ 'X-Forwarded-For': '198.51.100.7' }), 2)).toBeNull()
    expect(clientAddress(req({ 'X-Forwarded-For': 'unknown' }), 1)).toBeNull()
  })
  it('IPv6 entries', () => {
    expect(clientAddress(req({ 'X-Forwarded-For': '2001:db8::1' }), 1)).toBe('2001:db8::1')
  })
})
