// The amount and account written beside the QR in Thai, so a saved picture says what it pays.
// Rasterized by resvg with the app's own font, no system fonts (docs/decisions/0102-promptpay-qr-as-a-png.md).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderAsync } from '@resvg/resvg-js'
import QRCode from 'qrcode'
import { formatBaht } from '~/lib/money'
import { promptPayPayload } from '~/wallet/promptpay.server'
import { woffToSfnt } from '~/wallet/woff.server'

const FAMILY = 'Noto Sans Thai'
/**
 * resvg falls back to the first font with a missing glyph whatever its weight, so the bold amount's
 * digits came out regular: each run names the subset it needs.
 */
const LATIN_FAMILY = 'Noto Sans Thai Latin'
const FONT_FILES = [
  { file: 'thai-400' },
  { file: 'thai-700' },
  { file: 'latin-400', family: LATIN_FAMILY },
  { file: 'latin-700', family: LATIN_FAMILY },
].map(({ file, family }) => ({
  path: `@fontsource/noto-sans-thai/files/noto-sans-thai-${file}-normal.woff`,
  family,
}))

let fontPaths: string[] | undefined

/** Named by their content, so instances and restarts share them. */
function fonts(): string[] {
  if (fontPaths) return fontPaths
  const require = createRequire(import.meta.url)
  const files = FONT_FILES.map(({ path, family }) =>
    woffToSfnt(readFileSync(require.resolve(path)), { family }),
  )
  const hash = createHash('sha256')
  for (const file of files) hash.update(file)
  const dir = join(tmpdir(), `member-app-fonts-${hash.digest('hex').slice(0, 12)}`)
  mkdirSync(dir, { recursive: true })
  fontPaths = files.map((file, index) => {
    const path = join(dir, `noto-sans-thai-${index}.ttf`)
    if (!existsSync(path)) {
      const partial = `${path}.${process.pid}.part`
      writeFileSync(partial, file)
      renameSync(partial, path)
    }
    return path
  })
  return fontPaths
}

/** As HarfBuzz's Thai shaper does: resvg's drew the composed sara am with no advance, over the next letter. */
const decomposeSaraAm = (text: string) =>
  text.replace(/([\u0e48-\u0e4b]?)\u0e33/g, '\u0e4d$1\u0e32')

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  )

function runs(text: string): string {
  return (decomposeSaraAm(text).match(/[\u0e00-\u0e7f]+|[^\u0e00-\u0e7f]+/g) ?? [])
    .map((run) =>
      /[\u0e00-\u0e7f]/.test(run)
        ? `<tspan>${escapeXml(run)}</tspan>`
        : `<tspan font-family="${LATIN_FAMILY}">${escapeXml(run)}</tspan>`,
    )
    .join('')
}

const THAI_MARKS = /[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/g

/** A generous estimate of Noto Sans Thai's advance. */
function fittingSize(text: string, size: number, width: number): number {
  const advance = 0.62 * text.replace(THAI_MARKS, '').length
  return Math.max(12, Math.min(size, Math.floor(width / advance)))
}

export interface PromptPayImage {
  promptPayId: string
  amount: number
  accountName: string
  orderId: number
  expiresText: string
}

const WIDTH = 540
const QR_BOX = 420

export function promptPayImageSvg(order: PromptPayImage): { svg: string; height: number } {
  const qr = QRCode.create(promptPayPayload(order.promptPayId, order.amount), {
    errorCorrectionLevel: 'M',
  })
  const { size } = qr.modules
  const quiet = 4
  // Whole pixels per module: sharp edges for the scanner.
  const unit = Math.floor(QR_BOX / (size + 2 * quiet))
  const qrSide = unit * (size + 2 * quiet)
  const qrX = (WIDTH - qrSide) / 2
  const qrY = 96
  let modules = ''
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.modules.get(row, col)) modules += `M${col + quiet} ${row + quiet}h1v1h-1z`
    }
  }
  const nameSize = fittingSize(order.accountName, 28, WIDTH - 48)
  const top = qrY + qrSide
  const center = WIDTH / 2
  const text = (y: number, size: number, content: string, options = '') =>
    `<text x="${center}" y="${y}" font-size="${size}" text-anchor="middle" ${options}>${runs(content)}</text>`
  const height = top + 250
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${FAMILY}">
<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>
<rect width="${WIDTH}" height="72" fill="#113566"/>
${text(48, 30, 'QR พร้อมเพย์ (PromptPay)', 'font-weight="700" fill="#ffffff"')}
<svg x="${qrX}" y="${qrY}" width="${qrSide}" height="${qrSide}" viewBox="0 0 ${size + 2 * quiet} ${size + 2 * quiet}" shape-rendering="crispEdges">
<rect width="100%" height="100%" fill="#ffffff"/>
<path fill="#000000" d="${modules}"/>
</svg>
${text(top + 36, 20, 'ยอดที่ต้องโอน', 'fill="#475569"')}
${text(top + 86, 46, formatBaht(order.amount), 'font-weight="700" fill="#0f172a"')}
${text(top + 128, 20, 'ชื่อบัญชีผู้รับ', 'fill="#475569"')}
${text(top + 166, nameSize, order.accountName, 'font-weight="700" fill="#0f172a"')}
${text(top + 206, 18, `รายการ #${order.orderId} · ชำระภายใน ${order.expiresText}`, 'fill="#475569"')}
${text(top + 234, 16, 'โอนตามยอดใน QR เท่านั้น', 'fill="#475569"')}
</svg>`
  return { svg, height }
}

/** On libuv's thread pool (about 50 ms of CPU), not on the event loop the other requests wait for. */
export async function promptPayPng(order: PromptPayImage): Promise<Buffer> {
  const { svg } = promptPayImageSvg(order)
  const image = await renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: fonts(), defaultFontFamily: FAMILY },
    languages: ['th'],
    shapeRendering: 1,
    background: '#ffffff',
  })
  return image.asPng()
}
