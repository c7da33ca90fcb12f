/**
 * The member's notifications: docs/backend-api.md, "Notifications". The
 * backend keeps them (the member's live events but the balance's) and what
 * was read; the profile says how many are unread.
 */
import { memberCall, type MemberContext } from '~/backend/client.server'
import { notificationsResponseSchema, type Notifications } from '~/backend/events.schemas'

export type { Notifications }

export function notifications(ctx: MemberContext): Promise<Notifications> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/member/notifications?limit=50',
    schema: notificationsResponseSchema,
  })
}

/** Marks them read up to `upTo` (what the member saw), and answers the list as it is then. */
export function markNotificationsRead(ctx: MemberContext, upTo: number): Promise<Notifications> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/member/notifications/read',
    schema: notificationsResponseSchema,
    body: { upTo },
  })
}
