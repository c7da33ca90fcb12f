/**
 * This device's web push, in the browser (loaded with import() when the
 * member taps, never with the page): the permission asked then and only
 * then, the subscription made with the backend's VAPID key through the
 * app's service worker (~/browser/service-worker.client), and the subscription
 * ended. The page's action saves or removes it at the backend.
 */
import { registerServiceWorker } from '~/browser/service-worker.client'

export type TurnOn =
  | { ok: true; subscription: PushSubscriptionJSON }
  | { ok: false; reason: 'denied' | 'dismissed' | 'unsupported' | 'failed' }

/** The app's service worker, active (registered now if the page has not yet). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const registered = await registerServiceWorker()
  if (!registered) throw new Error('no service worker')
  return navigator.serviceWorker.ready
}

/** base64url (the VAPID public key) to the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(text.length))
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}

/** Asks for the permission (the member just tapped), then subscribes this device. */
export async function turnOn(publicKey: string): Promise<TurnOn> {
  if (
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return { ok: false, reason: 'unsupported' }
  }
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return { ok: false, reason: 'denied' }
  if (permission !== 'granted') return { ok: false, reason: 'dismissed' }
  try {
    const { pushManager } = await registration()
    const key = keyBytes(publicKey)
    let subscription = await pushManager.getSubscription()
    // A subscription made with another key (the backend changed its keys) cannot be pushed to.
    const sameKey = (s: PushSubscription) => {
      const had = s.options.applicationServerKey
      return had !== null && had !== undefined && equalBytes(new Uint8Array(had), key)
    }
    if (subscription && !sameKey(subscription)) {
      await subscription.unsubscribe()
      subscription = null
    }
    subscription ??= await pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    })
    return { ok: true, subscription: subscription.toJSON() }
  } catch {
    return { ok: false, reason: 'failed' }
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/** Ends this device's subscription; its endpoint (for the backend), or null when there was none. */
export async function turnOff(): Promise<string | null> {
  const found = await navigator.serviceWorker?.getRegistration('/')
  const subscription = await found?.pushManager.getSubscription()
  if (!subscription) return null
  const { endpoint } = subscription
  await subscription.unsubscribe()
  return endpoint
}
