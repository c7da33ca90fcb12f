// Slips live in the shared store under a random id the browser keeps in ONE small sealed cookie:
// per-type cookies (decision 0055) on a few types passed nginx's 8 KB Cookie header
// (docs/decisions/0096-bet-slips-off-the-cookie.md). Those old cookies are still read and moved.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { drawIdSchema, lottoIdSchema } from '~/backend/lotto.schemas'
import { requestCookies } from '~/server/cookies.server'
import { decodeSlip, encodeSlip, type SlipLine } from '~/lotto/slip'
import { sealedCookie, type SealedCookie } from '~/server/sealed-cookie.server'
import { createSharedStore, type TtlStore } from '~/server/store.server'

const DAY_S = 24 * 60 * 60

const storedSlipSchema = z.object({
  /** The slip moves to the next draw when it closed. */
  drawId: drawIdSchema,
  lines: z.string().max(1_300),
})
type Stored = z.infer<typeof storedSlipSchema>

export const SLIP_BOOK_COOKIE = 'lotto.slips'
const slipBook = sealedCookie({
  name: SLIP_BOOK_COOKIE,
  maxAgeSeconds: DAY_S,
  purpose: 'lotto slip book',
  schema: z.object({ id: z.string().regex(/^[\w-]{22}$/) }),
})

const slips: TtlStore<Stored> = createSharedStore<Stored>('lotto-slip')
const keyOf = (book: string, lottoId: string) => `${book}:${lottoId}`

export interface StoredSlip {
  drawId: string
  lines: SlipLine[]
}

function opened(stored: Stored | null | undefined): StoredSlip | null {
  const parsed = storedSlipSchema.safeParse(stored)
  if (!parsed.success || parsed.data.lines === '') return null
  const lines = decodeSlip(parsed.data.lines)
  return lines ? { drawId: parsed.data.drawId, lines } : null
}

// --- The cookies of decision 0055, read until the next change moves them --

const LEGACY_NAME = /^lotto\.slip\.([a-z][a-z0-9-]{0,31})$/
const legacyCookies = new Map<string, SealedCookie<typeof storedSlipSchema>>()

function legacyCookie(lottoId: string) {
  let cookie = legacyCookies.get(lottoId)
  if (!cookie) {
    cookie = sealedCookie({
      name: `lotto.slip.${lottoId}`,
      maxAgeSeconds: DAY_S,
      purpose: 'lotto slip',
      schema: storedSlipSchema,
    })
    legacyCookies.set(lottoId, cookie)
  }
  return cookie
}

function legacyTypes(request: Request): string[] {
  return Object.keys(requestCookies(request))
    .map((name) => LEGACY_NAME.exec(name)?.[1])
    .filter((id): id is string => id !== undefined && lottoIdSchema.safeParse(id).success)
}

// ---------------------------------------------------------------------------

export async function readSlip(request: Request, lottoId: string): Promise<StoredSlip | null> {
  const book = slipBook.read(request)
  const stored = book ? opened(await slips.get(keyOf(book.id, lottoId))) : null
  return stored ?? opened(legacyCookie(lottoId).read(request))
}

/** An old per-type cookie's slip moves to the store first, then the cookie is removed. */
export async function saveSlip(
  request: Request,
  lottoId: string,
  slip: StoredSlip,
): Promise<string[]> {
  const book = slipBook.read(request)?.id ?? randomBytes(16).toString('base64url')
  const legacy = legacyTypes(request)
  for (const other of legacy) {
    if (other === lottoId) continue
    const old = legacyCookie(other).read(request)
    if (old && !opened(await slips.get(keyOf(book, other)))) {
      await slips.set(keyOf(book, other), old, DAY_S * 1000)
    }
  }
  const value: Stored = { drawId: slip.drawId, lines: encodeSlip(slip.lines) }
  // The store has no delete: an empty slip is written with a TTL of a moment.
  await slips.set(keyOf(book, lottoId), value, slip.lines.length === 0 ? 1 : DAY_S * 1000)
  return [slipBook.serialize({ id: book }), ...legacy.map((id) => legacyCookie(id).clear())]
}
