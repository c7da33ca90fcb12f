/**
 * Small build files, compressed. The server's `compression` skips anything
 * under 1 KB (the `compression` package's threshold), and the bundler splits
 * the app into many chunks that small: a page's first load carried about a
 * dozen of them uncompressed. The front door answers those itself, with br
 * or gzip as the browser accepts, and the same immutable caching
 * the server's static files get. Larger files and everything else go on.
 */
import { readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Below this, `compression` leaves a response as it is. */
export const COMPRESSION_THRESHOLD_BYTES = 1024

const PUBLIC_PATH = '/build/'
const ASSET = /^\/build\/(?:[A-Za-z0-9_$()-]+\/)*[A-Za-z0-9_$().-]+\.(js|css)$/
const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const

interface Entry {
  type: string
  raw: Buffer
  gzip: Buffer
  br: Buffer
}

/** Hashed build files never change: what was read stays (bounded by the build's own files). */
const entries = new Map<string, Entry>()

export type Encoding = 'br' | 'gzip'

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

function load(path: string, directory: string): Entry | null {
  const cached = entries.get(path)
  if (cached) return cached
  const match = ASSET.exec(path)
  if (!match || path.includes('..')) return null
  const file = join(directory, path.slice(PUBLIC_PATH.length))
  try {
    const stat = statSync(file)
    if (!stat.isFile() || stat.size >= COMPRESSION_THRESHOLD_BYTES) return null
  } catch {
    return null
  }
  const raw = readFileSync(file)
  const entry: Entry = {
    type: TYPES[match[1] as keyof typeof TYPES],
    raw,
    gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }),
    br: brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  }
  entries.set(path, entry)
  return entry
}

/** Answers a GET or HEAD of a small build file compressed: true when it did. */
export function serveSmallAsset(
  req: IncomingMessage,
  res: ServerResponse,
  directory = resolve('public/build'),
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const path = (req.url ?? '').split('?')[0] ?? ''
  if (!path.startsWith(PUBLIC_PATH)) return false
  const encoding = acceptedEncoding(req.headers['accept-encoding'])
  if (!encoding) return false
  const entry = load(path, directory)
  if (!entry) return false
  const body = entry[encoding]
  // Compression that does not pay (tiny files) is left to the static server.
  if (body.length >= entry.raw.length) return false
  res.writeHead(200, {
    'Content-Type': entry.type,
    'Content-Encoding': encoding,
    'Content-Length': String(body.length),
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(req.method === 'HEAD' ? undefined : body)
  return true
}
