import { createElement, Suspense } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { PassThrough, type Readable } from 'node:stream'
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import {
  Batches,
  BROTLI_WINDOW_BITS,
  compressWhole,
  createCompressor,
  documentBody,
  negotiateEncoding,
  ONE_SHOT_MAX_BYTES,
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
  it('a page that ends in one go goes out as one block, compressed in one call', async () => {
    const target = new PassThrough()
    const writes: Buffer[] = []
    target.on('data', (chunk: Buffer) => writes.push(chunk))
    const batches = new Batches('br', target)
    const page = '<main>' + '<p>หวยรัฐบาลไทย งวด 1 ธ.ค.</p>'.repeat(200) + '</main>'
    batches.write(page.slice(0, 1000))
    batches.flush()
    batches.end(page.slice(1000))
    await new Promise((resolve) => target.on('end', resolve))
    expect(writes).toHaveLength(1)
    // The same bytes as brotli on the whole page with its size known.
    expect(writes[0]).toEqual(compressWhole('br', Buffer.from(page)))
    expect(brotliDecompressSync(writes[0]!).toString()).toBe(page)
  })

  it('sends the bytes as they are in one write without an encoding', async () => {
    const target = new PassThrough()
    const writes: Buffer[] = []
    target.on('data', (chunk: Buffer) => writes.push(chunk))
    const batches = new Batches(null, target)
    batches.write('<a>')
    batches.flush()
    batches.write('<b>')
    batches.end('<c>')
    await new Promise((resolve) => target.on('end', resolve))
    expect(writes.map(String)).toEqual(['<a><b><c>'])
  })

  it('a batch flushed before the page ends goes on as one write after a quiet turn', async () => {
    const target = new PassThrough()
    const writes: Buffer[] = []
    target.on('data', (chunk: Buffer) => writes.push(chunk))
    const batches = new Batches(null, target)
    batches.write('<a>')
    batches.write('<b>')
    batches.flush()
    batches.flush()
    // Not at the next turn: React's next part, when due, runs in it.
    await new Promise((resolve) => setImmediate(resolve))
    expect(writes).toEqual([])
    await vi.waitFor(() => expect(writes.map(String)).toEqual(['<a><b>']), { timeout: 1000 })
    batches.write('<c>')
    batches.end('<d>')
    await new Promise((resolve) => target.on('end', resolve))
    expect(writes.map(String)).toEqual(['<a><b>', '<c><d>'])
  })

  it('streams a page larger than one call may take', async () => {
    const target = new PassThrough()
    const received: Buffer[] = []
    target.on('data', (chunk: Buffer) => received.push(chunk))
    const batches = new Batches('gzip', target)
    const page = 'ข่าวสาร '.repeat(Math.ceil((ONE_SHOT_MAX_BYTES + 10) / 22))
    batches.end(page)
    await new Promise((resolve) => target.on('end', resolve))
    expect(gunzipSync(Buffer.concat(received)).toString()).toBe(page)
  })

  it('closes when its target closes (the member left): React stops rendering', async () => {
    const target = new PassThrough()
    const batches = new Batches('br', target)
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
    '%s: the shell reaches the wire, decodable, before a suspended part resolves',
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
      resolveLate('later')
      await new Promise<void>((resolve) => zip.on('end', resolve))
      expect(decompress(Buffer.concat(received)).toString('utf8')).toContain('later')
    },
  )
})
