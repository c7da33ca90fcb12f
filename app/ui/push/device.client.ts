// Loaded with import() when the member taps, never with the page: the permission is asked then only.
import { registerServiceWorker } from '~/browser/service-worker.client'

export type TurnOn =
  | { ok: true; subscription: PushSubscriptionJSON }
  | { ok: false; reason: 'denied' | 'dismissed' | 'unsupported' | 'failed' }

async function registration(): Promise<ServiceWorkerRegistration> {
  const registered = await registerServiceWorker()
  if (!registered) throw new Error('no service worker')
  return navigator.serviceWorker.ready
}

export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(text.length))
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}

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

export async function turnOff(): Promise<string | null> {
  const found = await navigator.serviceWorker?.getRegistration('/')
  const subscription = await found?.pushManager.getSubscription()
  if (!subscription) return null
  const { endpoint } = subscription
  await subscription.unsubscribe()
  return endpoint
}
