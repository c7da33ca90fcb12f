import { MAX_BODY_BYTES } from '~/lib/constants'
import { BODY_TOO_LARGE_MESSAGE } from '~/lib/errors'
import { httpError } from '~/server/http-error.server'

export const MALFORMED_FORM_MESSAGE = 'ข้อมูลที่ส่งมาไม่ถูกต้อง กรุณาลองใหม่อีกครั้ง'

/**
 * The rest is drained up to this much so the 413 reaches the member; cancelling at once resets the
 * connection before the 413 is written.
 */
export const DRAIN_BYTES = 1024 * 1024

async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number) {
  let left = budget
  try {
    while (left > 0) {
      const { done, value } = await reader.read()
      if (done) return
      left -= value.byteLength
    }
    await reader.cancel()
  } catch {
    // The client went away: nothing to drop.
  }
}

/** A chunked post carries no Content-Length to check first. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('Content-Length') ?? '')
  if (Number.isFinite(declared) && declared > limit) throw httpError(413, BODY_TOO_LARGE_MESSAGE)
  if (!request.body) return new Uint8Array(new ArrayBuffer(0))
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      void discard(reader, DRAIN_BYTES)
      throw httpError(413, BODY_TOO_LARGE_MESSAGE)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(new ArrayBuffer(size))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

/** An attacker uses them to make text read otherwise than it is ("\u202Egnp.exe" shows as "exe.png"). */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '')
}

function withoutBidiControls(form: FormData): FormData {
  const clean = new FormData()
  for (const [name, value] of form) {
    if (typeof value === 'string') clean.append(stripBidiControls(name), stripBidiControls(value))
    else clean.append(stripBidiControls(name), value)
  }
  return clean
}

/**
 * The one place every action reads its form, so every free-text field drops bidi controls
 * (docs/decisions/0095). A body that is no form is a Thai 400, not a 500.
 */
export async function readFormData(request: Request, limit = MAX_BODY_BYTES): Promise<FormData> {
  let bytes: Uint8Array<ArrayBuffer>
  try {
    bytes = await readCapped(request, limit)
  } catch (error) {
    if (error instanceof Response) throw error
    throw httpError(400, MALFORMED_FORM_MESSAGE)
  }
  const contentType = request.headers.get('Content-Type')
  try {
    const copy = new Response(
      bytes,
      contentType ? { headers: { 'Content-Type': contentType } } : {},
    )
    return withoutBidiControls(await copy.formData())
  } catch {
    throw httpError(400, MALFORMED_FORM_MESSAGE)
  }
}
