// docs/decisions/0051-page-transitions-and-focus.md.

interface Place {
  pathname: string
}

type To = number | string | { pathname?: string }

export function targetPathname(to: To, here: string): string | null {
  if (typeof to === 'number') return null
  const path = typeof to === 'string' ? to : (to.pathname ?? '')
  return new URL(path, here).pathname
}

/** A search or a form staying on its page changes in place, without transition or focus move. */
export function isPageChange(from: Place, to: Place, focusLost = false): boolean {
  return from.pathname !== to.pathname || focusLost
}

interface Router {
  navigate(to: To, opts?: { viewTransition?: boolean }): Promise<void>
}

/** Skipped without View Transitions or with reduced motion; an explicit `viewTransition` wins. */
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

export function pageShown(from: Place, to: Place, doc = document): void {
  const active = doc.activeElement
  if (isPageChange(from, to, !active || active === doc.body)) focusPageHeading(doc)
}

export function focusPageHeading(doc: Document): void {
  const main = doc.querySelector('main')
  const target = main?.querySelector<HTMLElement>('h1') ?? main
  if (!target) return
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1
  target.focus({ preventScroll: true })
}
