// Each client navigation's data request gets a fresh X-Request-Id so an error page quotes the id
// the server logged.
import { newRequestId, REQUEST_ID_HEADER } from '~/lib/request-id'

let current = ''

export function currentRequestId(): string {
  return current
}

export function installRequestIds(): void {
  current = document.querySelector('meta[name="request-id"]')?.getAttribute('content') ?? ''
  const original = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href)
    if (url.origin !== window.location.origin || !url.pathname.endsWith('.data')) {
      return original(input, init)
    }
    current = newRequestId()
    const headers = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined),
    )
    headers.set(REQUEST_ID_HEADER, current)
    return original(input, { ...init, headers })
  }
}
