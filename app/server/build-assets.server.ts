/**
 * The browser build's scripts and style sheets, compressed once. `npm run
 * build` writes a `.br` and a `.gz` beside each of them
 * (scripts/compress-build.mjs); the front door answers `GET`/`HEAD
 * /build/*.js|css` with the one the browser takes, read from disk once and
 * kept (the build's own files: the memory is bounded), with the immutable
 * caching of hashed files.
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
const ASSET = /^\/build\/(?:[A-Za-z0-9_$()-]+\/)*[A-Za-z0-9_$().-]+\.(js|css)$/
const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const

export type Encoding = 'br' | 'gzip'

/** A build file's compressed forms (null: the build did not write that one). */
interface Entry {
  type: string
  br: Buffer | null
  gzip: Buffer | null
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
  const entry: Entry = {
    type: TYPES[match[1] as keyof typeof TYPES],
    br: readIfThere(`${file}.br`),
    gzip: readIfThere(`${file}.gz`),
  }
  entries.set(path, entry)
  return entry
}

/** Answers a GET or HEAD of a build script or style sheet with its compressed form: true when it did. */
export function serveBuildAsset(
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
  const body = entry?.[encoding]
  if (!entry || !body) return false
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
