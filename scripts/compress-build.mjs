#!/usr/bin/env node
/**
 * The last step of `npm run build`: a `.br` (brotli at its best quality) and
 * a `.gz` (gzip -9) beside each JavaScript and CSS file of the browser build
 * (public/build), each only when it is smaller than the file. The server
 * sends these as they are (app/server/build-assets.server.ts), so no request
 * pays for compressing a file that never changes (docs/decisions/0126).
 *
 * Usage: `node scripts/compress-build.mjs [dir]` (public/build by default).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** The files the server sends compressed: the build's scripts and style sheets. */
const COMPRESSIBLE = /\.(?:js|css)$/

/** Compresses every script and style sheet under `dir`; resolves with their counts and bytes. */
export async function compressBuild(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
  const totals = { files: files.length, raw: 0, br: 0, gzip: 0 }
  let next = 0
  // zlib's jobs run on libuv's thread pool: a few at a time keep every core busy.
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]
      const raw = readFileSync(file)
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
      ])
      totals.raw += raw.length
      // A form no smaller than the file is not written: the file goes as it is.
      if (br.length < raw.length) writeFileSync(`${file}.br`, br)
      if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz)
      totals.br += Math.min(br.length, raw.length)
      totals.gzip += Math.min(gz.length, raw.length)
    }
  }
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker))
  return totals
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'public/build'
  const started = performance.now()
  const t = await compressBuild(dir)
  const kb = (n) => (n / 1024).toFixed(1)
  console.log(
    `compressed ${t.files} build files in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${kb(t.raw)} KB -> br ${kb(t.br)} KB, gzip ${kb(t.gzip)} KB (${dir})`,
  )
}
