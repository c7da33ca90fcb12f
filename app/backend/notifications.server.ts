// docs/backend-api.md, "Notifications".
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

export function markNotificationsRead(ctx: MemberContext, upTo: number): Promise<Notifications> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/member/notifications/read',
    schema: notificationsResponseSchema,
    body: { upTo },
  })
}
