/**
 * The service worker at /sw.js: build/sw.js (scripts/build-service-worker.mjs
 * bundles app/sw/index.ts) with `Cache-Control: no-cache`, so the browser asks
 * the server each time it checks for a new worker and a deploy's worker is
 * found at once. Scope `/`: the file is at the root. Read once and kept (the
 * build does not change while the server runs). Without the file (a build
 * made without the step) the request goes on to Remix's 404.
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'

export const SERVICE_WORKER_PATH = '/sw.js'

let cached: { file: string; body: Buffer | null } | null = null

function workerFile(file: string): Buffer | null {
  if (cached?.file === file) return cached.body
  let body: Buffer | null
  try {
    body = readFileSync(file)
  } catch {
    body = null
  }
  cached = { file, body }
  return body
}

/** Answers a GET or HEAD of /sw.js: true when it did. */
export function serveServiceWorker(
  req: IncomingMessage,
  res: ServerResponse,
  file = resolve('build/sw.js'),
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if ((req.url ?? '').split('?')[0] !== SERVICE_WORKER_PATH) return false
  const body = workerFile(file)
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
