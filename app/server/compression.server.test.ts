import { createElement, Suspense } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { PassThrough, type Readable, type Transform } from 'node:stream'
import { brotliDecompressSync, constants, gunzipSync, type Gzip } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import {
  Batches,
  BROTLI_WINDOW_BITS,
  createCompressor,
  documentBody,
  negotiateEncoding,
} from '~/server/compression.server'

describe('negotiateEncoding', () => {
  it.each([
    [null, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'br'],
    ['deflate', null],
    ['identity', null],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['gzip ; q=0 , br ; q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=2', null],
    ['gzip;q=abc', null],
  ])('%j -> %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected)
  })
})

function request(acceptEncoding?: string, method = 'GET') {
  return new Request('http://app.test/', {
    method,
    headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
  })
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('documentBody', () => {
  it('compresses with brotli for a phone and says so', async () => {
    const headers = new Headers()
    const body = documentBody(request('gzip, deflate, br'), headers)
    expect(headers.get('Content-Encoding')).toBe('br')
    expect(headers.get('Vary')).toBe('Accept-Encoding')
    body.sink.end('<p>สวัสดี</p>')
    expect(brotliDecompressSync(await collect(body.source)).toString('utf8')).toBe('<p>สวัสดี</p>')
  })

  it('gzips when brotli is not accepted', async () => {
    const headers = new Headers()
    const body = documentBody(request('gzip'), headers)
    expect(headers.get('Content-Encoding')).toBe('gzip')
    body.sink.end('<p>hello</p>')
    expect(gunzipSync(await collect(body.source)).toString('utf8')).toBe('<p>hello</p>')
  })

  it('sends the bytes as they are without Accept-Encoding, and for HEAD', async () => {
    for (const req of [request(), request('gzip, br', 'HEAD')]) {
      const headers = new Headers()
      const body = documentBody(req, headers)
      expect(headers.get('Content-Encoding')).toBeNull()
      expect(headers.get('Vary')).toBe('Accept-Encoding')
      body.sink.end('<p>plain</p>')
      expect((await collect(body.source)).toString('utf8')).toBe('<p>plain</p>')
    }
  })

  it('does not repeat Accept-Encoding in Vary', () => {
    const headers = new Headers({ Vary: 'Cookie, Accept-Encoding' })
    documentBody(request('br'), headers)
    expect(headers.get('Vary')).toBe('Cookie, Accept-Encoding')
    const other = new Headers({ Vary: 'Cookie' })
    documentBody(request('br'), other)
    expect(other.get('Vary')).toBe('Cookie, Accept-Encoding')
  })
})

describe('Batches', () => {
  it('passes a batch on as one write when flushed, and the rest when it ends', async () => {
    const target = new PassThrough()
    const writes: Buffer[] = []
    target.on('data', (chunk: Buffer) => writes.push(chunk))
    const batches = new Batches(target)
    batches.write('<a>')
    batches.write('<b>')
    expect(writes).toEqual([])
    batches.flush()
    batches.flush()
    batches.write('<c>')
    batches.end('<d>')
    await new Promise((resolve) => target.on('end', resolve))
    expect(writes.map(String)).toEqual(['<a><b>', '<c><d>'])
  })

  it('flushes a compressor after each batch', () => {
    const zip = createCompressor('gzip') as Gzip
    const flush = vi.spyOn(zip, 'flush')
    const batches = new Batches(zip)
    batches.write('<p>one</p>')
    expect(flush).not.toHaveBeenCalled()
    batches.flush()
    expect(flush).toHaveBeenCalledTimes(1)
    zip.destroy()
  })

  it('closes when its target closes (the member left): React stops rendering', async () => {
    const target = new PassThrough()
    const batches = new Batches(target)
    target.destroy()
    await new Promise((resolve) => batches.on('close', resolve))
    expect(batches.destroyed).toBe(true)
  })
})

describe('createCompressor', () => {
  it('brotli uses a 256 KB window, not the 4 MB default (docs/decisions/0030)', async () => {
    const zip = createCompressor('br')
    zip.end('<p>window</p>'.repeat(2000))
    const bytes = await collect(zip)
    // The stream header's low bits: 1, then WBITS - 17 in three bits (for WBITS 18..24).
    expect(bytes[0]! & 0x0f).toBe(((BROTLI_WINDOW_BITS - 17) << 1) | 1)
    expect(BROTLI_WINDOW_BITS).toBe(18)
  })
})

describe('documentBody with React streaming', () => {
  it.each(['br', 'gzip'] as const)(
    '%s: the shell reaches the wire, in one block, before a suspended part resolves',
    async (encoding) => {
      // A component that suspends until `resolveLate` (React 18: it throws the promise).
      let text: string | undefined
      let resolveLate: (value: string) => void = () => undefined
      const late = new Promise<void>((resolve) => {
        resolveLate = (value) => {
          text = value
          resolve()
        }
      })
      function Late() {
        if (text === undefined) throw late
        return createElement('p', null, text)
      }
      const app = createElement(
        'main',
        null,
        createElement('h1', null, 'shell'),
        // Over React's 2 KB write size: the shell comes in several writes.
        createElement('p', null, 'ข้อความ '.repeat(500)),
        createElement(
          Suspense,
          { fallback: createElement('p', null, 'loading') },
          createElement(Late),
        ),
      )
      const decompress = encoding === 'br' ? brotliDecompressSync : gunzipSync
      const { sink, source: zip } = documentBody(request(encoding), new Headers())
      const received: Buffer[] = []
      zip.on('data', (chunk: Buffer) => received.push(chunk))
      const compressed = vi.spyOn(zip as Transform, 'write')
      const shellWritten = new Promise<void>((resolve) => {
        const { pipe } = renderToPipeableStream(app, {
          onShellReady() {
            pipe(sink)
            resolve()
          },
        })
      })
      await shellWritten
      // React flushes the compressor after its batch: the shell arrives, decodable, while
      // the suspended part is still pending (without the flush zlib would hold it back).
      const soFar = () => {
        const bytes = Buffer.concat(received)
        return (
          encoding === 'br'
            ? brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH })
            : gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH })
        ).toString('utf8')
      }
      await vi.waitFor(() => expect(soFar()).toContain('<h1>shell</h1>'), { timeout: 3000 })
      expect(soFar()).not.toContain('later')
      // React wrote the shell in several chunks; the compressor got them as one.
      // (zlib's own flush() is an empty write.)
      const written = compressed.mock.calls.map(([chunk]) => String(chunk)).filter(Boolean)
      expect(written).toHaveLength(1)
      expect(written[0]).toContain('<h1>shell</h1>')

      resolveLate('later')
      await new Promise<void>((resolve) => zip.on('end', resolve))
      expect(decompress(Buffer.concat(received)).toString('utf8')).toContain('later')
    },
  )
})
