// Documents are compressed here, not by the middleware: its brotli 4 MB window per response
// and its flush after every 2 KB chunk cost CPU and size (docs/decisions/0030, 0089, 0127).
// Data requests (one write each) stay with the middleware.
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
 * Quality 1: on the logged-in home 0.12-0.19 ms against 0.26-0.40 ms at 2 or 3, for 9.7 KB
 * instead of 8.6 KB (docs/decisions/0127, 0089).
 */
export const BROTLI_QUALITY = 1
/** 256 KB instead of 4 MB: that allocation per response, not the compressing, cost 5-7 ms of CPU. */
export const BROTLI_WINDOW_BITS = 18
export const GZIP_LEVEL = 6

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

/** `q=0` refuses, `*` covers both; br before gzip on a tie. */
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
 * Compressed in one call with its size given: about half the CPU of a stream, whose flushes and
 * thread pool hand-offs cost more than the compressing (docs/decisions/0127).
 */
export const ONE_SHOT_MAX_BYTES = 1 << BROTLI_WINDOW_BITS

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
 * React's batches go on after one quiet event-loop turn, so the loader data's scripts join the
 * shell (one block, compressWhole) while a slow suspended part does not hold it back. No clock:
 * a few turns, not milliseconds a browser would wait for its stylesheet.
 */
export class Batches extends Writable {
  private chunks: Buffer[] = []
  private size = 0
  private readonly encoding: ContentEncoding | null
  private readonly target: PassThrough
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

export interface DocumentBody {
  sink: Batches
  source: Readable
}

/** `Vary: Accept-Encoding` is set either way. */
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
