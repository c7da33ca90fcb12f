import { describe, expect, it } from 'vitest'
import { crc16, emvFields, hasValidCrc, promptPayPayload, promptPaySvg } from './promptpay.server'

describe('promptPayPayload', () => {
  it('carries the amount in tag 54 with two decimals, baht as currency and a right CRC', () => {
    const payload = promptPayPayload('0105561234567', 500)
    const fields = emvFields(payload)
    expect(fields.get('54')).toBe('500.00')
    expect(fields.get('53')).toBe('764')
    expect(fields.get('58')).toBe('TH')
    // A dynamic QR (one amount, one payment).
    expect(fields.get('01')).toBe('12')
    // The tax id as the target (sub-tag 02 of tag 29).
    expect(fields.get('29')).toContain('02130105561234567')
    expect(hasValidCrc(payload)).toBe(true)
  })

  it('keeps satang and large amounts exact', () => {
    expect(emvFields(promptPayPayload('0812345678', 50_000)).get('54')).toBe('50000.00')
    expect(emvFields(promptPayPayload('0812345678', 123.4)).get('54')).toBe('123.40')
  })

  it('puts a mobile number in its +66 form', () => {
    expect(emvFields(promptPayPayload('0812345678', 100)).get('29')).toContain('01130066812345678')
  })
})

describe('CRC', () => {
  it('is CRC-16/CCITT-FALSE (the check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1')
  })

  it('finds a changed amount', () => {
    const payload = promptPayPayload('0105561234567', 500)
    expect(hasValidCrc(payload.replace('500.00', '900.00'))).toBe(false)
  })
})

describe('promptPaySvg', () => {
  it('is an inline SVG', async () => {
    const svg = await promptPaySvg('0105561234567', 500)
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/)
    expect(svg).toContain('<path')
  })
})
