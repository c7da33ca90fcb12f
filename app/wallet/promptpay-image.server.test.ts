import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { promptPayImageSvg, promptPayPng } from './promptpay-image.server'
import { emvFields, hasValidCrc, promptPayPayload } from './promptpay.server'

const order = {
  promptPayId: '0105561234567',
  amount: 1234,
  accountName: 'บริษัท ตัวอย่าง จำกัด',
  orderId: 42,
  expiresText: '25 พ.ย. 2569 13:05',
}

/** The SVG's text, its tags taken out. */
const textOf = (svg: string) => svg.replace(/<[^>]*>/g, '')

/** Rows of the picture that hold any dark pixel below `from` (the text lines). */
function inkedRows(png: PNG, from: number): number {
  let rows = 0
  for (let y = from; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const at = (y * png.width + x) * 4
      if (png.data[at]! < 128 && png.data[at + 1]! < 128 && png.data[at + 2]! < 128) {
        rows++
        break
      }
    }
  }
  return rows
}

describe('promptPayPng', () => {
  it('is a PNG that scans as the same payload as the page’s QR', async () => {
    const png = PNG.sync.read(await promptPayPng(order))
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
    expect(code?.data).toBe(promptPayPayload(order.promptPayId, order.amount))
    expect(emvFields(code!.data).get('54')).toBe('1234.00')
    expect(hasValidCrc(code!.data)).toBe(true)
  })

  it('writes the amount and the account name beside the QR (glyphs drawn, not boxes of nothing)', async () => {
    const svg = textOf(promptPayImageSvg(order).svg)
    expect(svg).toContain('฿1,234.00')
    // Sara am written as nikhahit + sara aa (resvg drew ำ over the next letter).
    expect(svg).toContain('บริษัท ตัวอย่าง จ\u0e4d\u0e32กัด')
    expect(svg).not.toContain('\u0e33')
    expect(svg).toContain('รายการ #42')
    const png = PNG.sync.read(await promptPayPng(order))
    // Below the QR: the amount, the name and the order line are drawn in dark ink.
    expect(inkedRows(png, png.height - 240)).toBeGreaterThan(60)
  })

  it('escapes a name with markup characters', async () => {
    const { svg } = promptPayImageSvg({ ...order, accountName: 'A&B <x>' })
    expect(svg).toContain('A&amp;B &lt;x&gt;')
    await expect(promptPayPng({ ...order, accountName: 'A&B <x>' })).resolves.toBeInstanceOf(Buffer)
  })
})
