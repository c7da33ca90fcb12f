/**
 * Web push: docs/backend-api.md, "Push notifications". The member's
 * subscriptions (save, list, remove), the kinds of event the member wants
 * pushed, and the backend's VAPID public key (what the browser subscribes
 * with). Every call is made as the member.
 */
import { memberCall, type MemberContext } from '~/backend/client.server'
import {
  pushKindsResponseSchema,
  removedResponseSchema,
  savedSubscriptionResponseSchema,
  subscriptionsResponseSchema,
  vapidKeyResponseSchema,
  type PushKinds,
  type PushSubscriptionInput,
  type SavedSubscription,
} from '~/backend/push.schemas'

export type { PushKinds, PushSubscriptionInput, SavedSubscription }

export async function vapidPublicKey(ctx: MemberContext): Promise<string> {
  const { publicKey } = await memberCall(ctx, {
    method: 'GET',
    path: '/member/push/key',
    schema: vapidKeyResponseSchema,
  })
  return publicKey
}

export async function pushSubscriptions(ctx: MemberContext): Promise<SavedSubscription[]> {
  const { items } = await memberCall(ctx, {
    method: 'GET',
    path: '/member/push/subscriptions',
    schema: subscriptionsResponseSchema,
  })
  return items
}

/** Saves this device's subscription (the same endpoint again replaces its keys). */
export function savePushSubscription(
  ctx: MemberContext,
  subscription: PushSubscriptionInput,
): Promise<SavedSubscription> {
  return memberCall(ctx, {
    method: 'POST',
    path: '/member/push/subscriptions',
    schema: savedSubscriptionResponseSchema,
    body: subscription,
  })
}

/** Removes the subscription of this endpoint (one the backend does not have: `removed: false`). */
export async function removePushSubscription(
  ctx: MemberContext,
  endpoint: string,
): Promise<boolean> {
  const { removed } = await memberCall(ctx, {
    method: 'POST',
    path: '/member/push/subscriptions/remove',
    schema: removedResponseSchema,
    body: { endpoint },
  })
  return removed
}

export function pushKinds(ctx: MemberContext): Promise<PushKinds> {
  return memberCall(ctx, {
    method: 'GET',
    path: '/member/push/kinds',
    schema: pushKindsResponseSchema,
  })
}

export function savePushKinds(ctx: MemberContext, kinds: PushKinds): Promise<PushKinds> {
  return memberCall(ctx, {
    method: 'PUT',
    path: '/member/push/kinds',
    schema: pushKindsResponseSchema,
    body: kinds,
  })
}
