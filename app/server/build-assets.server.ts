// Build scripts and styles served precompressed from memory (scripts/compress-build.mjs writes
// .br/.gz): compressing per request cost about 15 ms of CPU per React chunk and left files under
// 1 KB uncompressed (docs/decisions/0065, 0126). Fonts (font-display: optional) must arrive as
// fast as the style sheet, or the page is laid out in the phone's own font.
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

interface Entry {
  type: string
  br: Buffer | null
  gzip: Buffer | null
  font: Buffer | null
}

/** Hashed build files never change: what was read stays. */
const entries = new Map<string, Entry>()

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
