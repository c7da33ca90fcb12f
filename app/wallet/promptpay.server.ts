// The browser loads no QR library (docs/decisions/0070-promptpay-qr-on-the-server.md).
import generatePayload from 'promptpay-qr'
import QRCode from 'qrcode'

export function promptPayPayload(promptPayId: string, amount: number): string {
  return generatePayload(promptPayId, { amount })
}

/** No width/height: the page sizes it. */
export async function promptPaySvg(promptPayId: string, amount: number): Promise<string> {
  return QRCode.toString(promptPayPayload(promptPayId, amount), {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  })
}

export function emvFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>()
  let at = 0
  while (at + 4 <= payload.length) {
    const tag = payload.slice(at, at + 2)
    const length = Number(payload.slice(at + 2, at + 4))
    if (!Number.isInteger(length)) break
    fields.set(tag, payload.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return fields
}

/** CRC-16/CCITT-FALSE (poly 0x1021, start 0xFFFF), as EMVCo's tag 63 carries it. */
export function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

export function hasValidCrc(payload: string): boolean {
  const match = /6304([0-9A-F]{4})$/.exec(payload)
  return match !== null && crc16(payload.slice(0, -4)) === match[1]
}
