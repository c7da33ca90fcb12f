import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '~/lib/constants'
import { BODY_TOO_LARGE_MESSAGE } from '~/lib/errors'
import { DRAIN_BYTES, MALFORMED_FORM_MESSAGE, readFormData } from '~/server/form-data.server'

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }

/** A POST of the login form carrying `body` as a stream (chunked: no Content-Length). */
function streamedPost(body: ReadableStream<Uint8Array>): Request {
  return new Request('http://app.example/login', {
    method: 'POST',
    headers: FORM,
    body,
    duplex: 'half',
  } as RequestInit)
}

/**
 * A chunked body of `chunks` chunks of `size` bytes, counting the chunks
 * pulled; with `endless`, it then never ends instead of closing.
 */
function chunkedRequest(chunks: number, size: number, { endless = false } = {}) {
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) {
        if (endless) return new Promise<void>(() => undefined)
        return controller.close()
      }
      pulled += 1
      controller.enqueue(new TextEncoder().encode('a'.repeat(size)))
    },
  })
  return { request: streamedPost(body), pulled: () => pulled }
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise
  } catch (error) {
    if (!(error instanceof Response)) throw error
    return { status: error.status, message: ((await error.json()) as { message: string }).message }
  }
  throw new Error('expected a refusal')
}

describe('readFormData', () => {
  it('reads a urlencoded form', async () => {
    const request = new Request('http://app.example/', {
      method: 'POST',
      headers: FORM,
      body: 'username=%E0%B8%81&password=x',
    })
    const form = await readFormData(request)
    expect(form.get('username')).toBe('ก')
  })

  it('reads a multipart form', async () => {
    const body = new FormData()
    body.set('a', 'b')
    const form = await readFormData(new Request('http://app.example/', { method: 'POST', body }))
    expect(form.get('a')).toBe('b')
  })

  it('a body that is no form is a Thai 400', async () => {
    const request = new Request('http://app.example/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    })
    expect(await refusal(readFormData(request))).toEqual({
      status: 400,
      message: MALFORMED_FORM_MESSAGE,
    })
  })

  it('a declared Content-Length over the cap is a Thai 413 before any byte is read', async () => {
    const { request, pulled } = chunkedRequest(100, 1024)
    const headers = new Headers(request.headers)
    headers.set('Content-Length', String(MAX_BODY_BYTES + 1))
    const declared = new Request(request, { headers })
    expect(await refusal(readFormData(declared))).toEqual({
      status: 413,
      message: BODY_TOO_LARGE_MESSAGE,
    })
    // At most what the streams buffer ahead (a chunk or two), never the 100 KB behind it.
    expect(pulled()).toBeLessThanOrEqual(2)
  })

  it('a chunked body over the cap is a Thai 413 without waiting for the rest', async () => {
    // Five 16 KB chunks (64 KB is four), then a body that never ends.
    const { request } = chunkedRequest(5, 16 * 1024, { endless: true })
    expect(await refusal(readFormData(request))).toEqual({
      status: 413,
      message: BODY_TOO_LARGE_MESSAGE,
    })
  })

  it('after the refusal at most DRAIN_BYTES more are read and dropped, the rest never', async () => {
    // 16 MB in 16 KB chunks.
    const { request, pulled } = chunkedRequest(1024, 16 * 1024)
    expect((await refusal(readFormData(request))).status).toBe(413)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const drainChunks = DRAIN_BYTES / (16 * 1024)
    expect(pulled()).toBeLessThanOrEqual(5 + drainChunks + 2)
  })

  it('a chunked body right at the cap is read', async () => {
    const { request } = chunkedRequest(4, 16 * 1024)
    const form = await readFormData(request)
    expect(form.get('a'.repeat(MAX_BODY_BYTES))).toBe('')
  })
})

describe('bidi control characters (docs/decisions/0095)', () => {
  // U+202E RIGHT-TO-LEFT OVERRIDE would show "gnp.exe" as "exe.png".
  const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C'

  it('strips every bidi control from every posted text value, names too', async () => {
    const body = new URLSearchParams()
    body.append('name', 'ชุด\u202Egnp.exe')
    body.append('name', `a${controls}b`)
    body.append(`no\u202Ete`, 'ok')
    const form = await readFormData(
      new Request('http://app.example/', { method: 'POST', headers: FORM, body: body.toString() }),
    )
    expect(form.getAll('name')).toEqual(['ชุดgnp.exe', 'ab'])
    expect(form.get('note')).toBe('ok')
    expect([...form.keys()]).toEqual(['name', 'name', 'note'])
  })

  it('strips them from multipart text fields and keeps files as they are', async () => {
    const body = new FormData()
    body.set('title', '\u2067สวัสดี\u2069')
    body.set('file', new File(['\u202Ex'], 'a.txt', { type: 'text/plain' }))
    const form = await readFormData(new Request('http://app.example/', { method: 'POST', body }))
    expect(form.get('title')).toBe('สวัสดี')
    const file = form.get('file')
    expect(file).toBeInstanceOf(File)
    expect(await (file as File).text()).toBe('\u202Ex')
  })

  it('keeps Thai, emoji and joiners that are no bidi control', async () => {
    const text = 'เลขเด็ด 👨‍👩‍👧 ๑๒๓ a\u200Db'
    const body = new URLSearchParams({ name: text })
    const form = await readFormData(
      new Request('http://app.example/', { method: 'POST', headers: FORM, body: body.toString() }),
    )
    expect(form.get('name')).toBe(text)
  })
})
