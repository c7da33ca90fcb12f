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

/** How long this process reuses the backend's VAPID key (the same for every member). */
export const VAPID_KEY_TTL_MS = 10 * 60 * 1000

let knownKey: { at: number; key: string } | undefined

/**
 * The backend's VAPID public key. It is one key for the whole service, so
 * the first member's answer serves every request for VAPID_KEY_TTL_MS
 * instead of one backend call per /notifications load.
 */
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
