/**
 * Compressing the streamed HTML documents ourselves (docs/decisions/0030-compress-documents-in-entry-server.md).
 *
 * remix-serve's compression middleware compressed documents with brotli at
 * its default 4 MB window, which brotli allocates per response as soon as a
 * stream gets a second write — and a document arrives in many. That cost
 * about 5 ms of CPU per document (br/none throughput 0.54). The middleware
 * also flushed the compressor after every 2 KB chunk (Remix's adapter flushes
 * the response after each write), which made gzip output 40 % larger.
 *
 * Here React writes into a `Batches` stream and calls its `flush()` once per
 * batch it has rendered (its convention for zlib streams): the batch's chunks
 * (React writes 2 KB at a time, about twenty for the home page) go on as one
 * write, and the compressor is flushed after it. The shell is compressed as
 * one block — one zlib job on the thread pool instead of one per chunk — or,
 * uncompressed, reaches the socket in one write; Suspense chunks still stream
 * out as they finish (docs/decisions/0089). The middleware leaves a response
 * alone once it has a Content-Encoding. Data requests (`.data`) stay with the
 * middleware: their answers are one write, so the window is never allocated.
 */
import { PassThrough, Writable, type Readable, type Transform } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

export type ContentEncoding = 'br' | 'gzip'

/**
 * Brotli quality 3 (the compression middleware uses 4): on the logged-in home
 * page (41 KB) it costs 0.31 ms of CPU instead of 0.48 ms for 5 % more bytes
 * (8.6 KB instead of 8.2 KB), which keeps a phone's request as cheap as one
 * asking for no compression (docs/decisions/0089).
 */
export const BROTLI_QUALITY = 3
/**
 * A 256 KB brotli window (lgwin 18) instead of the default 4 MB (22): that
 * allocation per response, not the compressing, was what made brotli cost
 * 5-7 ms of CPU per document. Documents are far smaller than 256 KB, so
 * nothing compresses worse.
 */
export const BROTLI_WINDOW_BITS = 18
export const GZIP_LEVEL = 6

/** Preference order when the client accepts several with the same quality. */
const PREFERRED: readonly ContentEncoding[] = ['br', 'gzip']

function qualityOf(params: string[]): number {
  for (const param of params) {
    if (!param.startsWith('q=')) continue
    // A malformed quality refuses the encoding.
    const q = /^[01](\.\d{0,3})?$/.test(param.slice(2)) ? Number(param.slice(2)) : 0
    return q <= 1 ? q : 0
  }
  return 1
}

/**
 * The encoding to send for an Accept-Encoding header: the accepted one with
 * the highest quality, br before gzip on a tie; null (send as is) when the
 * header is absent or accepts neither. `q=0` refuses, `*` covers both.
 */
export function negotiateEncoding(header: string | null): ContentEncoding | null {
  if (!header) return null
  const qualities = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim())
    if (name && !qualities.has(name)) qualities.set(name, qualityOf(params))
  }
  let best: ContentEncoding | null = null
  let bestQ = 0
  for (const encoding of PREFERRED) {
    const quality = qualities.get(encoding) ?? qualities.get('*') ?? 0
    if (quality > bestQ) {
      best = encoding
      bestQ = quality
    }
  }
  return best
}

/** A compressing stream for `encoding`; React flushes it after each batch it writes. */
export function createCompressor(encoding: ContentEncoding): Transform {
  if (encoding === 'br') {
    return createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    })
  }
  return createGzip({ level: GZIP_LEVEL })
}

/**
 * What React renders into: it keeps the chunks React writes until React
 * calls `flush()` at the end of a batch, then writes them to `target` as one
 * chunk and flushes `target` when it can (a compressor). Writes never wait:
 * a batch is one rendered part of a page, held in memory until the flush.
 * When `target` closes (the member left) or fails, this stream does too, and
 * React stops rendering.
 */
export class Batches extends Writable {
  private chunks: Buffer[] = []
  private readonly target: Transform

  constructor(target: Transform) {
    super()
    this.target = target
    target.once('close', () => this.destroy())
    target.once('error', (error) => this.destroy(error))
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(chunk)
    callback()
  }

  /** React's end of a batch: the kept chunks go on as one, and a compressor emits them. */
  flush(): void {
    if (this.chunks.length === 0 || this.target.destroyed) return
    const batch = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)
    this.chunks = []
    this.target.write(batch)
    const flushable = this.target as Transform & { flush?: () => void }
    if (typeof flushable.flush === 'function') flushable.flush()
  }

  override _final(callback: () => void): void {
    if (this.chunks.length > 0 && !this.target.destroyed) {
      this.target.write(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks))
      this.chunks = []
    }
    this.target.end()
    callback()
  }
}

/** A document's body: React renders into `sink`, the response reads `source`. */
export interface DocumentBody {
  sink: Batches
  source: Readable
}

/**
 * The streams of a document: a compressor for the request's Accept-Encoding
 * (Content-Encoding set on `headers`) or the bytes as they are, behind
 * `Batches`. `Vary: Accept-Encoding` is set either way.
 */
export function documentBody(request: Request, headers: Headers): DocumentBody {
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(headers.get('Vary') ?? '')) {
    headers.append('Vary', 'Accept-Encoding')
  }
  const encoding =
    request.method === 'HEAD' ? null : negotiateEncoding(request.headers.get('Accept-Encoding'))
  if (encoding) headers.set('Content-Encoding', encoding)
  const source = encoding ? createCompressor(encoding) : new PassThrough()
  return { sink: new Batches(source), source }
}
