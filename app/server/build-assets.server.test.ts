import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressBuild } from '../../scripts/compress-build.mjs'
import { acceptedEncoding, serveBuildAsset } from '~/server/build-assets.server'

const dir = mkdtempSync(join(tmpdir(), 'build-assets-'))
const SMALL = `export const thai = ${JSON.stringify('หวยรัฐบาลไทย '.repeat(20))};`.slice(0, 900)
const LARGE = `export const news = ${JSON.stringify('ข่าวสารและโปรโมชัน '.repeat(400))};`
const UNCOMPRESSED = 'export const late = 1;'
/** A font's bytes (woff2 is compressed already: sent as they are). */
const FONT = Buffer.from([
  0x77,
  0x4f,
  0x46,
  0x32,
  ...Array.from({ length: 400 }, (_, i) => i % 251),
])

let server: Server
let port = 0

beforeAll(async () => {
  mkdirSync(join(dir, '_shared'))
  writeFileSync(join(dir, '_shared', 'chunk-SMALL.js'), SMALL)
  writeFileSync(join(dir, 'large.js'), LARGE)
  writeFileSync(join(dir, 'tiny.css'), 'a{}')
  writeFileSync(join(dir, 'secret.txt'), SMALL)
  mkdirSync(join(dir, '_assets'))
  writeFileSync(join(dir, '_assets', 'thai-400.woff2'), FONT)
  await compressBuild(dir)
  // A file the build step did not compress (a build made without it).
  writeFileSync(join(dir, 'late.js'), UNCOMPRESSED.repeat(100))
  server = createServer((req, res) => {
    if (serveBuildAsset(req, res, dir)) return
    res.writeHead(404, { 'X-Passed': 'yes' }).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

function get(path: string, encoding?: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (done, fail) => {
      const req = request(
        { port, path, method, headers: encoding ? { 'Accept-Encoding': encoding } : {} },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          )
        },
      )
      req.on('error', fail)
      req.end()
    },
  )
}

describe('build files', () => {
  it('answers a small chunk with br when the browser takes it, cacheable for good', async () => {
    const res = await get('/build/_shared/chunk-SMALL.js', 'gzip, deflate, br')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(res.body).toString()).toBe(SMALL)
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SMALL))
  })

  it('answers gzip to a browser without br, and nothing to one that takes neither', async () => {
    const res = await get('/build/_shared/chunk-SMALL.js', 'gzip')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.body).toString()).toBe(SMALL)
    expect((await get('/build/_shared/chunk-SMALL.js')).headers['x-passed']).toBe('yes')
    expect(
      (await get('/build/_shared/chunk-SMALL.js', 'br;q=0, gzip;q=0')).headers['x-passed'],
    ).toBe('yes')
  })

  it('answers a large file with the form the build step wrote, not compressed again', async () => {
    const res = await get('/build/large.js', 'br')
    expect(res.headers['content-encoding']).toBe('br')
    expect(Number(res.headers['content-length'])).toBe(
      readFileSync(join(dir, 'large.js.br')).length,
    )
    expect(brotliDecompressSync(res.body).toString()).toBe(LARGE)
    expect(res.body.length).toBeLessThan(Buffer.byteLength(LARGE) / 5)
  })

  it('leaves files without a smaller compressed form, other types and other paths alone', async () => {
    expect((await get('/build/late.js', 'br')).headers['x-passed']).toBe('yes')
    expect((await get('/build/tiny.css', 'br')).headers['x-passed']).toBe('yes')
    expect((await get('/build/tiny.css', 'gzip')).headers['x-passed']).toBe('yes')
    expect((await get('/build/secret.txt', 'br')).headers['x-passed']).toBe('yes')
    expect((await get('/build/large.js.br', 'br')).headers['x-passed']).toBe('yes')
    expect((await get('/build/../build-assets.server.ts', 'br')).headers['x-passed']).toBe('yes')
    expect((await get('/build/nope.js', 'br')).headers['x-passed']).toBe('yes')
    expect((await get('/other/chunk-SMALL.js', 'br')).headers['x-passed']).toBe('yes')
  })

  it('answers a font as it is, from memory, whatever the browser accepts', async () => {
    for (const encoding of ['gzip, deflate, br', undefined]) {
      const res = await get('/build/_assets/thai-400.woff2', encoding)
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toBe('font/woff2')
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(res.body).toEqual(FONT)
    }
    expect((await get('/build/_assets/none.woff2', 'br')).headers['x-passed']).toBe('yes')
  })

  it('answers HEAD with the headers only', async () => {
    const res = await get('/build/_shared/chunk-SMALL.js', 'br', 'HEAD')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.body.length).toBe(0)
  })
})

describe('acceptedEncoding', () => {
  it('prefers br, then gzip, honouring q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(acceptedEncoding('*')).toBe('gzip')
    expect(acceptedEncoding('identity')).toBeNull()
    expect(acceptedEncoding(undefined)).toBeNull()
  })
})
