/**
 * Cross-site request refusal: a state-changing request (anything but GET or
 * HEAD) whose Origin is another site, or that the browser marks cross-site,
 * is refused with 403 before any action runs. SameSite=Lax on the session
 * cookie is the second layer.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false
  if (request.headers.get('Sec-Fetch-Site') === 'cross-site') return true
  const origin = request.headers.get('Origin')
  if (!origin) return false
  if (origin === 'null') return true
  const url = new URL(request.url)
  // Behind a TLS-terminating proxy the app sees http://host; compare hosts.
  const host = request.headers.get('X-Forwarded-Host') ?? url.host
  try {
    return new URL(origin).host !== host
  } catch {
    return true
  }
}
