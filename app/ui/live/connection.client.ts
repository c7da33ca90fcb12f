/**
 * The tab's EventSource to /events (loaded after the page is interactive by
 * <LiveEvents>, so no page ships it in its first load; decision 0129). It
 * hands every event to the registry (live-events.tsx), shows the toast the
 * server wrote for a money event, and reports the stream's state. A stream
 * that fails for good (the server answered an error) is opened again later,
 * doubling the wait. Offline (the `offline` event) the stream is closed: it
 * can bring nothing, and the page says it is down; when the network returns
 * (`online`) it opens again at once, without waiting (docs/decisions/0143).
 */
import type { ToastRequest } from '~/ui/toast-host'

export interface Connection {
  url: string
  /** An event of the stream, its data read as JSON. */
  onEvent(name: string, data: unknown): void
  onOpen(): void
  onDown(): void
  /** The data is stale (events missed and gone): the page loads it again. */
  onReset(): void
  /** The session is over: the page asks the server (and follows), then may open again. */
  onSessionEnded(): void
  /**
   * Shows a toast (notify() of app/ui/toast-host.tsx): passed in rather than
   * imported, so this lazily loaded chunk shares no module with the first
   * load and the toast host stays in the first-load file (decision 0148).
   */
  notify(toast: ToastRequest): void
}

const REOPEN_MS = 5000
const MAX_REOPEN_MS = 60_000
const NAMES = ['member', 'yeekee'] as const

/** Opens the stream; returns its close. */
export function connect(connection: Connection): () => void {
  let source: EventSource | null = null
  let reopen: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  let closed = false
  const open = () => {
    const current = new EventSource(connection.url)
    source = current
    current.onopen = () => {
      failures = 0
      connection.onOpen()
    }
    for (const name of NAMES) {
      current.addEventListener(name, (message) => {
        let data: unknown
        try {
          data = JSON.parse((message as MessageEvent<string>).data)
        } catch {
          return
        }
        connection.onEvent(name, data)
        const toast = (data as { toast?: ToastRequest }).toast
        if (toast) connection.notify(toast)
      })
    }
    current.addEventListener('reset', () => connection.onReset())
    current.addEventListener('session-ended', () => {
      current.close()
      connection.onDown()
      connection.onSessionEnded()
    })
    current.onerror = () => {
      connection.onDown()
      if (current.readyState !== EventSource.CLOSED || closed) return
      failures += 1
      reopen = setTimeout(open, Math.min(MAX_REOPEN_MS, REOPEN_MS * 2 ** (failures - 1)))
    }
  }
  const onOnline = () => {
    if (closed || source?.readyState === EventSource.OPEN) return
    clearTimeout(reopen)
    source?.close()
    failures = 0
    open()
  }
  const onOffline = () => {
    if (closed) return
    clearTimeout(reopen)
    source?.close()
    connection.onDown()
  }
  window.addEventListener('online', onOnline)
  window.addEventListener('offline', onOffline)
  open()
  return () => {
    closed = true
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    clearTimeout(reopen)
    source?.close()
    connection.onDown()
  }
}
