// `Cache-Control: no-cache` so a deploy's worker is found at once; the release comes first so a
// new commit is a new worker (docs/decisions/0143).
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { serverRelease } from '~/server/release.server'

export const SERVICE_WORKER_PATH = '/sw.js'

let cached: { file: string; release: string; body: Buffer | null } | null = null

export function workerSource(bundle: Buffer, release: string): Buffer {
  return Buffer.concat([Buffer.from(`self.APP_RELEASE=${JSON.stringify(release)};\n`), bundle])
}

function workerFile(file: string, release: string): Buffer | null {
  if (cached?.file === file && cached.release === release) return cached.body
  let body: Buffer | null
  try {
    body = workerSource(readFileSync(file), release)
  } catch {
    body = null
  }
  cached = { file, release, body }
  return body
}

export function serveServiceWorker(
  req: IncomingMessage,
  res: ServerResponse,
  file = resolve('build/sw.js'),
  release?: string,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if ((req.url ?? '').split('?')[0] !== SERVICE_WORKER_PATH) return false
  const body = workerFile(file, release ?? serverRelease())
  if (!body) return false
  res.writeHead(200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(req.method === 'HEAD' ? undefined : body)
  return true
}
