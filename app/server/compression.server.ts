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
 * batch it has rendered (its convention for zlib streams; React's writer
 * hands over one string per batch: patches/react-dom, decision 0127). A page
 * React finishes in one go (nothing left to wait for) is compressed in one
 * call, its size known (compressWhole); a page with a suspended part sends
 * its shell as one compressed block, flushed so the browser can decode it,
 * and its Suspense chunks as they finish (docs/decisions/0089). The
 * middleware leaves a response alone once it has a Content-Encoding. Data
 * requests (`.data`) stay with the middleware: their answers are one write,
 * so the window is never allocated.
 */
import { PassThrough, Writable, type Readable, type Transform } from 'node:stream'
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
} from 'node:zlib'

export type ContentEncoding = 'br' | 'gzip'

/**
 * Brotli quality 1 for documents (the compression middleware uses 4). Served,
 * the compressing meets a cache the rest of the request has filled: there the
 * logged-in home page (35-42 KB) costs 0.12-0.19 ms at quality 1 against
 * 0.26-0.40 ms at 2 or 3, whose larger hash tables are what cost, for 9.7 KB
 * instead of 8.6 KB. At quality 3 a phone's request cost 5-10 % more CPU than
 * one asking for no compression (docs/decisions/0127, 0089).
 */
export const BROTLI_QUALITY = 1
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
 * A page that React finished in one go (its whole body known at its end),
 * compressed in one call with its size given to brotli: about half the CPU
 * of the same bytes through a compressing stream, whose flushes and thread
 * pool hand-offs cost more than the compressing (docs/decisions/0127).
 * Larger pages stream.
 */
export const ONE_SHOT_MAX_BYTES = 1 << BROTLI_WINDOW_BITS

/** `body` compressed in one call. */
export function compressWhole(encoding: ContentEncoding, body: Buffer): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL })
  // A window no larger than the page (64 KB at least): less to allocate, the same bytes.
  const windowBits = Math.min(BROTLI_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(body.length))))
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: windowBits,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
}

/**
 * What React renders into. It keeps the chunks React writes; at React's end
 * of a batch (`flush()`) they go on as one write once React has been quiet
 * for a full turn of the event loop, and a compressor is flushed after it,
 * so a shell reaches the wire while a suspended part is still pending.
 *
 * Remix renders every page in parts: the shell, then the loader data's
 * scripts, whose promise settles right after the shell and schedules React's
 * next part on the following turn. Waiting one quiet turn lets those parts
 * join the shell: when React ends the page first (every page today), the
 * whole body goes out as one block, compressed in one call (compressWhole).
 * A part still pending after that quiet turn (a slow suspended part) does
 * not hold the shell back any longer. No clock: a few event-loop turns, not
 * milliseconds a browser would wait for its stylesheet and fonts.
 * When `target` closes (the member left) or fails, this stream does too, and
 * React stops rendering.
 */
export class Batches extends Writable {
  private chunks: Buffer[] = []
  private size = 0
  private readonly encoding: ContentEncoding | null
  private readonly target: PassThrough
  /** Set once the page streams: its compressor (piped into `target`) or `target` itself. */
  private out: Transform | null = null
  /** React's batches so far: a check scheduled for an earlier one gives way to a later one. */
  private batches = 0

  constructor(encoding: ContentEncoding | null, target: PassThrough) {
    super()
    this.encoding = encoding
    this.target = target
    target.once('close', () => {
      this.destroy()
      if (this.out && this.out !== this.target) this.out.destroy()
    })
    target.once('error', (error) => this.destroy(error))
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(chunk)
    this.size += chunk.length
    callback()
  }

  /** React's end of a batch: sent after a quiet turn, unless the page ends before. */
  flush(): void {
    if (this.chunks.length === 0) return
    const batch = ++this.batches
    // This turn's immediates include React's next part if one is due: check after them, twice.
    setImmediate(() => {
      if (batch !== this.batches) return
      setImmediate(() => {
        if (batch === this.batches && !this.writableEnded && !this.target.destroyed) this.send()
      })
    })
  }

  private take(): Buffer | null {
    if (this.chunks.length === 0) return null
    const batch = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size)
    this.chunks = []
    this.size = 0
    return batch
  }

  /** The page streams: what React has written so far goes on now, decodable. */
  private send(): void {
    if (!this.out) {
      this.out = this.encoding ? createCompressor(this.encoding) : this.target
      if (this.out !== this.target) this.out.pipe(this.target)
    }
    const batch = this.take()
    if (batch) this.out.write(batch)
    const flushable = this.out as Transform & { flush?: () => void }
    if (flushable !== this.target && typeof flushable.flush === 'function') flushable.flush()
  }

  override _final(callback: () => void): void {
    if (this.target.destroyed) return callback()
    if (!this.out && this.size <= ONE_SHOT_MAX_BYTES) {
      const body = this.take()
      this.target.end(body && this.encoding ? compressWhole(this.encoding, body) : body)
      return callback()
    }
    if (!this.out) this.send()
    const rest = this.take()
    this.out!.end(rest ?? undefined)
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
  const source = new PassThrough()
  return { sink: new Batches(encoding, source), source }
}
