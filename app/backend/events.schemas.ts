// docs/backend-api.md, "Live events": passed on to the member's tabs unchanged, so no token, no member id.
import { z } from 'zod'
import { envelope } from '~/backend/schemas'

const isoTime = z.string().datetime({ offset: true })
const baht = z.number().finite()

export const memberEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('balance'), at: isoTime, balance: baht }),
  z.object({
    type: z.literal('order'),
    at: isoTime,
    orderId: z.number().int().positive(),
    status: z.enum(['paid', 'expired']),
    amount: baht,
  }),
  z.object({
    type: z.literal('withdrawal'),
    at: isoTime,
    withdrawalId: z.string().min(1),
    status: z.enum(['paid', 'rejected']),
    amount: baht,
  }),
  z.object({
    type: z.literal('stake'),
    at: isoTime,
    stakeId: z.number().int().positive(),
    lottoName: z.string(),
    status: z.enum(['won', 'lost']),
    winnings: baht,
  }),
  z.object({ type: z.literal('cashback'), at: isoTime, amount: baht }),
  z.object({
    type: z.literal('promotion'),
    at: isoTime,
    promotionId: z.string().min(1),
    title: z.string(),
    progress: z.number().min(0).max(100),
  }),
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

export const notificationsResponseSchema = envelope(
  z.object({
    unread: z.number().int().nonnegative(),
    items: z.array(
      z.object({ id: z.number().int().nonnegative(), read: z.boolean(), event: memberEventSchema }),
    ),
  }),
)
export type Notifications = z.infer<typeof notificationsResponseSchema>['data']

export const MEMBER_EVENT = 'member'
/** Sent when the events after `Last-Event-ID` are no longer kept: the page reloads its data. */
export const RESET_EVENT = 'reset'
