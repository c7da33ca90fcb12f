/**
 * The app's layers from the bottom up (docs/decisions/0125, 0167): a module
 * imports its own layer and the ones below it, never one above.
 * refusal() below is the rule: eslint.config.js makes one import pattern
 * per folder from it (in the editor, with each layer's advice) and
 * scripts/check-imports.mjs (npm run lint) applies it to the whole resolved
 * import graph, type-only imports and import() included.
 */
export const LAYERS = [
  { name: 'lib', folders: ['lib'], holds: 'isomorphic helpers (browser and server)' },
  {
    name: 'browser',
    folders: ['browser', 'sw'],
    holds: "browser-only code: the page's (window, document, navigator) and the service worker's",
  },
  { name: 'server', folders: ['server'], holds: 'the request pipeline and its infrastructure' },
  {
    name: 'backend',
    folders: ['backend'],
    holds: 'the backend: transport, schemas, one module per section',
    advice:
      'Take the member from `ctx` (MemberContext, memberCall in backend/client.server.ts); the session implements MemberCaller. Texts or rules a form shares go to app/lib/.',
  },
  { name: 'limits', folders: ['limits'], holds: 'rate limits: backoff, login and coupon limits' },
  {
    name: 'session',
    folders: ['session'],
    holds: "the member's session: cookie, tokens, refresh, login",
  },
  { name: 'staff', folders: ['staff'], holds: 'the staff session, watches and the audit record' },
  { name: 'security', folders: ['security'], holds: "each request's checks: guard, CSRF" },
  {
    name: 'domains',
    folders: ['lotto', 'wallet', 'games', 'live', 'content'],
    holds: "one area's rules and server parts each; a domain never imports another",
    advice:
      "What two domains share goes down to app/lib/; what a page puts together is its route's.",
  },
  {
    name: 'ui',
    folders: ['ui'],
    holds: 'components',
    advice:
      "A component's data comes from its route's loader (useLoaderData; the root's: RootData).",
  },
  { name: 'forms', folders: ['forms'], holds: 'form rules and fields' },
  {
    name: 'routes',
    folders: ['routes'],
    rootFiles: true,
    holds: 'one module per URL, and the root, entries and first load at app/',
  },
]

/** The domain folders: within their layer, none imports another. */
export const DOMAINS = LAYERS.find((layer) => layer.name === 'domains').folders

/** Layers that run on the server only: they never import the browser's code. */
export const SERVER_ONLY = ['server', 'backend', 'limits', 'session', 'staff', 'security']

/** Components read a loader's data: never a server layer but the backend (its schemas' types). */
export const UI_NEVER = SERVER_ONLY.filter((name) => name !== 'backend')

/** The layer a path under app/ belongs to ('routes' for app/*.ts[x]), or null (a folder without one). */
export function layerOf(pathInApp) {
  const [first, ...rest] = pathInApp.split('/')
  if (rest.length === 0) return LAYERS.find((layer) => layer.rootFiles)
  return LAYERS.find((layer) => layer.folders.includes(first)) ?? null
}

/**
 * Why a module of app/ may not import another (paths under app/), or null:
 * the one rule eslint.config.js (per folder, by pattern) and
 * scripts/check-imports.mjs (per resolved import) both apply.
 */
export function refusal(from, to) {
  const a = layerOf(from)
  const b = layerOf(to)
  if (!a || !b) return null
  if (LAYERS.indexOf(b) > LAYERS.indexOf(a)) return `${a.name} imports ${b.name}, a layer above it`
  const [fa, fb] = [from.split('/')[0], to.split('/')[0]]
  if (DOMAINS.includes(fa) && DOMAINS.includes(fb) && fa !== fb) {
    return `the domain ${fa}/ imports another domain, ${fb}/`
  }
  if (SERVER_ONLY.includes(a.name) && b.name === 'browser') {
    return `${a.name} runs on the server only and imports the browser's code`
  }
  if (a.name === 'ui' && UI_NEVER.includes(b.name)) {
    return `ui imports ${b.name}: a component's data comes from its route's loader`
  }
  return null
}
