/**
 * The member's live events (docs/backend-api.md, "Live events"): what the
 * backend's `GET /member/events` stream sends, and what the app passes on to
 * the member's open tabs unchanged. Each carries only what a page shows: no
 * token, no member id.
 */
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

const isoTime = z.string().datetime({ offset: true })
const baht = z.number().finite()

export const memberEventSchema = z.discriminatedUnion('type', [
  /** The balance moved (any reason: a deposit, a win, a withdrawal held or given back). */
  z.object({ type: z.literal('balance'), at: isoTime, balance: baht }),
  /** A deposit order ended: paid (the money is in) or expired. */
  z.object({
    type: z.literal('order'),
    at: isoTime,
    orderId: z.number().int().positive(),
    status: z.enum(['paid', 'expired']),
    amount: baht,
  }),
  /** A withdrawal ended: paid out, or rejected (its money given back). */
  z.object({
    type: z.literal('withdrawal'),
    at: isoTime,
    withdrawalId: z.string().min(1),
    status: z.enum(['paid', 'rejected']),
    amount: baht,
  }),
  /** A bet slip (โพย) was judged. */
  z.object({
    type: z.literal('stake'),
    at: isoTime,
    stakeId: z.number().int().positive(),
    lottoName: z.string(),
    status: z.enum(['won', 'lost']),
    winnings: baht,
  }),
  /** Cashback (คืนยอดเสีย) can be claimed. */
  z.object({ type: z.literal('cashback'), at: isoTime, amount: baht }),
  /** Progress on a promotion the member accepted (per cent of its turnover). */
  z.object({
    type: z.literal('promotion'),
    at: isoTime,
    promotionId: z.string().min(1),
    title: z.string(),
    progress: z.number().min(0).max(100),
  }),
  /** A support watch of the member's account (read-only) ended: for which ticket, from when to when. */
  z.object({
    type: z.literal('support-watch'),
    at: isoTime,
    ticket: z.string().min(1),
    startedAt: isoTime,
    endedAt: isoTime,
  }),
])
export type MemberEvent = z.infer<typeof memberEventSchema>
export type MemberEventType = MemberEvent['type']

/** The member's notifications: their events but the balance's, newest first, read or not. */
export const notificationsResponseSchema = envelope(
  z.object({
    unread: z.number().int().nonnegative(),
    items: z.array(
      z.object({ id: z.number().int().nonnegative(), read: z.boolean(), event: memberEventSchema }),
    ),
  }),
)
export type Notifications = z.infer<typeof notificationsResponseSchema>['data']

/** The SSE event name of a member event on the wire (backend -> app -> browser). */
export const MEMBER_EVENT = 'member'
/**
 * Sent instead of a replay when the events after `Last-Event-ID` are no
 * longer kept: the page reloads its data.
 */
export const RESET_EVENT = 'reset'
