/// <reference lib="webworker" />
// A push that is no such payload still shows one: a push must be seen. Only same-origin paths are
// opened. On `pushsubscriptionchange` the page's action is told, as the member's off and on would.

export const NOTIFICATION_ICON = '/icons/icon-192.png'
export const FALLBACK = { title: 'มีการแจ้งเตือนใหม่', body: '', url: '/notifications' } as const

export interface ShownPush {
  title: string
  body: string
  url: string
  tag?: string
}

/** Same-origin only, else /notifications. */
export function appPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return FALLBACK.url
  try {
    const resolved = new URL(url, origin)
    return resolved.origin === origin
      ? resolved.pathname + resolved.search + resolved.hash
      : FALLBACK.url
  } catch {
    return FALLBACK.url
  }
}

export function readPush(text: string | null, origin: string): ShownPush {
  let json: unknown
  try {
    json = text === null ? null : JSON.parse(text)
  } catch {
    json = null
  }
  if (typeof json !== 'object' || json === null) return { ...FALLBACK }
  const { title, body, url, tag } = json as Record<string, unknown>
  if (typeof title !== 'string' || title === '') return { ...FALLBACK }
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: appPath(url, origin),
    tag: typeof tag === 'string' && tag !== '' ? tag : undefined,
  }
}

export async function openApp(sw: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const origin = sw.location.origin
  const url = new URL(appPath(path, origin), origin).href
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === origin)
  if (open) {
    // focus() needs the tap's activation; navigate() a window this worker controls.
    await open.focus().catch(() => undefined)
    const moved = await open.navigate(url).catch(() => null)
    if (moved) return
  }
  await sw.clients.openWindow(url)
}

export const PUSH_ACTION_PATH = '/notifications.data'

async function tellApp(sw: ServiceWorkerGlobalScope, fields: Record<string, string>) {
  await fetch(new URL(PUSH_ACTION_PATH, sw.location.origin), {
    method: 'POST',
    body: new URLSearchParams(fields),
    credentials: 'same-origin',
  })
}

export async function resubscribe(
  sw: ServiceWorkerGlobalScope,
  old: PushSubscription | null,
  fresh: PushSubscription | null,
): Promise<void> {
  const next =
    fresh ??
    (old?.options.applicationServerKey
      ? await sw.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: old.options.applicationServerKey,
        })
      : null)
  if (old && old.endpoint !== next?.endpoint) {
    await tellApp(sw, { intent: 'push-off', endpoint: old.endpoint })
  }
  if (next) await tellApp(sw, { intent: 'push-on', subscription: JSON.stringify(next.toJSON()) })
}

export function installPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const shown = readPush(event.data?.text() ?? null, sw.location.origin)
    event.waitUntil(
      sw.registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        data: { url: shown.url },
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        lang: 'th',
      }),
    )
  })

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close()
    const data = event.notification.data as { url?: unknown } | null
    const opening = openApp(sw, appPath(data?.url, sw.location.origin))
    try {
      event.waitUntil(opening)
    } catch {
      // An event dispatched by a script (not a tap) cannot be waited on; the page still opens.
    }
  })

  sw.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(
      resubscribe(sw, event.oldSubscription, event.newSubscription).catch(() => undefined),
    )
  })
}
