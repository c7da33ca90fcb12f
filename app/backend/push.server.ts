// docs/backend-api.md, "Push notifications".
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

export const VAPID_KEY_TTL_MS = 10 * 60 * 1000

let knownKey: { at: number; key: string } | undefined

/** One key for the whole service: one call per VAPID_KEY_TTL_MS, not one per /notifications load. */
export async function vapidPublicKey(ctx: MemberContext, now = Date.now()): Promise<string> {
  if (knownKey && now - knownKey.at < VAPID_KEY_TTL_MS) return knownKey.key
  const { publicKey } = await memberCall(ctx, {
    method: 'GET',
    path: '/member/push/key',
    schema: vapidKeyResponseSchema,
  })
  knownKey = { at: now, key: publicKey }
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
