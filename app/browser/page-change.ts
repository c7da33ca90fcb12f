/**
 * What happens in the browser when the page changes inside the app
 * (docs/decisions/0051-page-transitions-and-focus.md): the "page" view
 * transition when another page arrives, and focus on the new page's heading.
 */

interface Place {
  pathname: string
}

/** A navigation target as the router gets it: a number (history), a URL string or a path object. */
type To = number | string | { pathname?: string }

/** The pathname a navigation leads to, seen from `here`; null for a move in history. */
export function targetPathname(to: To, here: string): string | null {
  if (typeof to === 'number') return null
  const path = typeof to === 'string' ? to : (to.pathname ?? '')
  return new URL(path, here).pathname
}

/**
 * Another page arrives (its pathname differs): fade. A search or a form that
 * stays on its page changes in place, without a transition and without
 * moving focus, unless the focus was lost (the focused element went away).
 */
export function isPageChange(from: Place, to: Place, focusLost = false): boolean {
  return from.pathname !== to.pathname || focusLost
}

interface Router {
  navigate(to: To, opts?: { viewTransition?: boolean }): Promise<void>
}

/**
 * Every in-app navigation to another page asks the router for a view
 * transition (Remix's own `viewTransition` option of Link, NavLink, Form and
 * navigate), unless the browser has no View Transitions or the member prefers
 * reduced motion. An explicit `viewTransition` of the caller wins.
 */
export function installPageTransitions(win: Window & { __remixRouter?: Router }): void {
  const router = win.__remixRouter
  if (!router || !('startViewTransition' in win.document) || 'pt' in router) return
  const navigate = router.navigate.bind(router)
  const patched = (to: To, opts?: { viewTransition?: boolean }) => {
    const path = targetPathname(to, win.location.href)
    if (path === null || opts?.viewTransition !== undefined) return navigate(to, opts)
    const viewTransition =
      path !== win.location.pathname && !win.matchMedia('(prefers-reduced-motion: reduce)').matches
    return navigate(to, { ...opts, viewTransition })
  }
  Object.assign(router, { navigate: patched, pt: 1 })
}

/**
 * Called after each navigation has rendered: when another page arrived (or
 * the focus was lost), focus its heading.
 */
export function pageShown(from: Place, to: Place, doc = document): void {
  const active = doc.activeElement
  if (isPageChange(from, to, !active || active === doc.body)) focusPageHeading(doc)
}

/** Focus the heading of the page in <main> (or <main> itself), announced by screen readers. */
export function focusPageHeading(doc: Document): void {
  const main = doc.querySelector('main')
  const target = main?.querySelector<HTMLElement>('h1') ?? main
  if (!target) return
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1
  target.focus({ preventScroll: true })
}
