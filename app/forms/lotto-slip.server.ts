/**
 * Where the bet slip lives between posts: an encrypted, httpOnly cookie per
 * lotto type (`lotto.slip.<id>`), holding the draw it was made for and the
 * lines as short text (app/lib/lotto-slip.ts encodeSlip). At most
 * MAX_SLIP_LINES lines: 100 lines are about 1,100 characters of text, well
 * inside the 3,072 a sealed cookie may take. See
 * docs/decisions/0055-bet-slip-in-an-encrypted-cookie.md.
 */
import { z } from 'zod'
import { drawIdSchema } from '~/backend/lotto.schemas'
import { decodeSlip, encodeSlip, type SlipLine } from '~/lib/lotto-slip'
import { sealedCookie, type SealedCookie } from '~/lib/sealed-cookie.server'

const slipSchema = z.object({
  /** The draw the slip was made for (the slip moves to the next draw when it closed). */
  drawId: drawIdSchema,
  lines: z.string().max(1_300),
})

const cookies = new Map<string, SealedCookie<typeof slipSchema>>()

function cookieFor(lottoId: string) {
  let cookie = cookies.get(lottoId)
  if (!cookie) {
    cookie = sealedCookie({
      name: `lotto.slip.${lottoId}`,
      maxAgeSeconds: 24 * 60 * 60,
      purpose: 'lotto slip',
      schema: slipSchema,
    })
    cookies.set(lottoId, cookie)
  }
  return cookie
}

export interface StoredSlip {
  drawId: string
  lines: SlipLine[]
}

/** The slip this request carries for a lotto type, or null (none, tampered, expired). */
export function readSlip(request: Request, lottoId: string): StoredSlip | null {
  const stored = cookieFor(lottoId).read(request)
  if (!stored) return null
  const lines = decodeSlip(stored.lines)
  return lines ? { drawId: stored.drawId, lines } : null
}

/** The Set-Cookie header that stores the slip (or removes it when empty). */
export function slipCookie(lottoId: string, slip: StoredSlip): string {
  const cookie = cookieFor(lottoId)
  if (slip.lines.length === 0) return cookie.clear()
  return cookie.serialize({ drawId: slip.drawId, lines: encodeSlip(slip.lines) })
}
