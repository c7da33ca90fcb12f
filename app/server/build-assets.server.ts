/**
 * The browser build's scripts, style sheets and fonts, from memory. `npm run
 * build` writes a `.br` and a `.gz` beside each script and style sheet
 * (scripts/compress-build.mjs); the front door answers `GET`/`HEAD
 * /build/*.js|css` with the one the browser takes and `/build/*.woff2` as
 * it is (a font is compressed already), each read from disk once and kept
 * (the build's own files: the memory is bounded), with the immutable
 * caching of hashed files. The fonts are preloaded with `font-display:
 * optional`: they must arrive as fast as the style sheet, or the page is
 * laid out in the phone's own font.
 *
 * Before, the server's `compression` compressed every file for every
 * request: about 15 ms of CPU for each of the two React chunks, 40 ms of a
 * phone's first visit, and it left files under 1 KB uncompressed
 * (docs/decisions/0065, 0126). A file without its compressed forms (a build
 * made without the script), a browser that takes neither encoding, and every
 * other path go on to the static files unchanged.
 */
import { readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'

const PUBLIC_PATH = '/build/'
const ASSET = /^\/build\/(?:[A-Za-z0-9_$()-]+\/)*[A-Za-z0-9_$().-]+\.(js|css|woff2)$/
const TYPES = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  woff2: 'font/woff2',
} as const

export type Encoding = 'br' | 'gzip'

/** A build file's compressed forms (null: the build did not write that one), or a font as it is. */
interface Entry {
  type: string
  br: Buffer | null
  gzip: Buffer | null
  font: Buffer | null
}

/** Hashed build files never change: what was read stays. Only files that exist are kept. */
const entries = new Map<string, Entry>()

/** The best encoding the browser accepts (br, then gzip), or null. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const accepted = new Set<string>()
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q !== undefined && Number(q.slice(2)) === 0) continue
    accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}

function readIfThere(file: string): Buffer | null {
  try {
    return readFileSync(file)
  } catch {
    return null
  }
}

function load(path: string, directory: string): Entry | null {
  const cached = entries.get(path)
  if (cached) return cached
  const match = ASSET.exec(path)
  if (!match || path.includes('..')) return null
  const file = join(directory, path.slice(PUBLIC_PATH.length))
  try {
    if (!statSync(file).isFile()) return null
  } catch {
    return null
  }
  const kind = match[1] as keyof typeof TYPES
  const font = kind === 'woff2'
  const entry: Entry = {
    type: TYPES[kind],
    br: font ? null : readIfThere(`${file}.br`),
    gzip: font ? null : readIfThere(`${file}.gz`),
    font: font ? readIfThere(file) : null,
  }
  entries.set(path, entry)
  return entry
}

/** Answers a GET or HEAD of a build script or style sheet (compressed) or font: true when it did. */
export function serveBuildAsset(
  req: IncomingMessage,
  res: ServerResponse,
  directory = resolve('public/build'),
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const path = (req.url ?? '').split('?')[0] ?? ''
  if (!path.startsWith(PUBLIC_PATH)) return false
  const entry = load(path, directory)
  if (!entry) return false
  const encoding = entry.font ? null : acceptedEncoding(req.headers['accept-encoding'])
  const body = entry.font ?? (encoding ? entry[encoding] : null)
  if (!body) return false
  res.writeHead(200, {
    'Content-Type': entry.type,
    ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
    'Content-Length': String(body.length),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(req.method === 'HEAD' ? undefined : body)
  return true
}
