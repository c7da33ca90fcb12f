// Loaded after the page is interactive, so no page ships it in its first load (decision 0129).
// Offline the stream closes and reopens at once on `online` (docs/decisions/0143).
import type { ToastRequest } from '~/ui/toast-host'

export interface Connection {
  url: string
  onEvent(name: string, data: unknown): void
  onOpen(): void
  onDown(): void
  onReset(): void
  onSessionEnded(): void
  /** Passed in so this lazy chunk shares no module with the first load (decision 0148). */
  notify(toast: ToastRequest): void
}

const REOPEN_MS = 5000
const MAX_REOPEN_MS = 60_000
const NAMES = ['member', 'yeekee'] as const

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
