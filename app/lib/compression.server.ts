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
 * Here React writes straight into the compressor and calls its `flush()`
 * once per batch it has rendered (its convention for zlib streams): the shell
 * is compressed as one block and Suspense chunks still stream out as they
 * finish. The middleware leaves a response alone once it has a
 * Content-Encoding. Data requests (`.data`) stay with the middleware: their
 * answers are one write, so the window is never allocated.
 */
import { PassThrough, type Transform } from 'node:stream'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'

export type ContentEncoding = 'br' | 'gzip'

/** Brotli quality 4, as the compression middleware uses: cheap at this size. */
export const BROTLI_QUALITY = 4
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
 * The stream React renders a document into: a compressor for the request's
 * Accept-Encoding (Content-Encoding set on `headers`), or a plain PassThrough.
 * `Vary: Accept-Encoding` is set either way.
 */
export function documentBody(request: Request, headers: Headers): Transform {
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(headers.get('Vary') ?? '')) {
    headers.append('Vary', 'Accept-Encoding')
  }
  const encoding =
    request.method === 'HEAD' ? null : negotiateEncoding(request.headers.get('Accept-Encoding'))
  if (!encoding) return new PassThrough()
  headers.set('Content-Encoding', encoding)
  return createCompressor(encoding)
}
