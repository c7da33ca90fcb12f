/**
 * The demo image host (IMAGE_HOST_URL points here when no real one is set):
 * `GET /img/<kind>/<name>.svg?w=<width>` draws a believable picture for any
 * name, offline: a gradient and shapes derived from the name, no text (an
 * image cannot use the page's Thai font). `w` picks the width as a real
 * resizing image host would; the aspect ratio is fixed per kind, so the app
 * can set width and height before the image arrives.
 */
import { createHash } from 'node:crypto'
import type { Reply } from './http'

export const IMAGE_PREFIX = '/img/'

/** Width / height per kind of picture. */
export const IMAGE_RATIOS: Readonly<Record<string, number>> = Object.freeze({
  games: 1,
  providers: 2,
  banners: 2,
  promotions: 16 / 9,
  news: 16 / 9,
})

const NAME = /^\/img\/([a-z]+)\/([A-Za-z0-9_-]{1,80})\.svg$/
const MIN_WIDTH = 16
const MAX_WIDTH = 2048
const DEFAULT_WIDTH = 320
/** Images never change for a name: browsers may keep them a day. */
const CACHE_SECONDS = 86_400

const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#7c2d12', '#f59e0b', '#fde68a'],
  ['#1e3a8a', '#6366f1', '#c7d2fe'],
  ['#064e3b', '#10b981', '#a7f3d0'],
  ['#831843', '#ec4899', '#fbcfe8'],
  ['#4c1d95', '#a855f7', '#e9d5ff'],
  ['#7f1d1d', '#ef4444', '#fecaca'],
  ['#0c4a6e', '#0ea5e9', '#bae6fd'],
  ['#713f12', '#eab308', '#fef08a'],
]

/** The SVG for one picture, or null for a path that names none. */
export function drawImage(pathname: string, widthParam: string | null): string | null {
  const match = NAME.exec(pathname)
  const [, kind = '', name = ''] = match ?? []
  const ratio = IMAGE_RATIOS[kind]
  if (ratio === undefined) return null
  const asked = Number(widthParam ?? DEFAULT_WIDTH)
  const width = Number.isInteger(asked)
    ? Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, asked))
    : DEFAULT_WIDTH
  const height = Math.round(width / ratio)
  const digest = createHash('sha256').update(`${kind}/${name}`).digest()
  const byte = (i: number) => digest.readUInt8(i)
  const [dark, mid, light] = PALETTES[byte(0) % PALETTES.length] ?? PALETTES[0]!
  const circles = [1, 4, 7]
    .map((i) => {
      const cx = ((byte(i) / 255) * width).toFixed(1)
      const cy = ((byte(i + 1) / 255) * height).toFixed(1)
      const r = (((byte(i + 2) / 255) * 0.35 + 0.1) * Math.min(width, height)).toFixed(1)
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${light}" fill-opacity="0.25"/>`
    })
    .join('')
  const angle = byte(10) % 360
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)">` +
    `<stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`
  )
}

export function imageReply(url: URL): Reply | null {
  const svg = drawImage(url.pathname, url.searchParams.get('w'))
  if (svg === null) return null
  return { kind: 'file', contentType: 'image/svg+xml', body: svg, cacheSeconds: CACHE_SECONDS }
}
