import type { LinksFunction, MetaFunction } from '@remix-run/node'
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigation,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { useNonce } from '~/lib/nonce'
import { RequestIdContext } from '~/lib/request-id-context'
import { errorPageTitle, siteMeta } from '~/lib/meta'
import { rootLoader } from '~/root-loader.server'
import stylesheet from '~/tailwind.css'
import { LoadingBar } from '~/ui/loading-bar'
import { ToastHost } from '~/ui/toast-host'
import { loadErrorUi, RootErrorBoundary, RouteModuleFailure } from '~/error-boundaries'
import { useFocusRevalidation } from '~/ui/use-focus-revalidation'
import { toastPending } from '~/lib/toast-pending'
import { heldRevalidation, revealed } from '~/lib/held-revalidation'
import { afterInteractive } from '~/browser/after-interactive'
import { isStaleRelease } from '~/lib/release'
import { claimChunkReload } from '~/browser/load-chunk'
import { OfflineBanner } from '~/ui/offline-banner'
import { holdInstallPrompt, installPrompts, type InstallPrompts } from '~/browser/install-prompt'
import { keepRetryAfter } from '~/lib/retry-after'

export const links: LinksFunction = () => [
  // No font preloads (decision 0066): a preloaded optional face holds the first paint until it
  // arrives, and every script the parser found meanwhile joins the first screen's path.
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png', sizes: '180x180' },
]

export const meta: MetaFunction = ({ error }) =>
  error ? siteMeta(errorPageTitle(error)) : siteMeta()

/** Components read its data through app/ui/member.ts. */
export const loader = rootLoader

/**
 * Plain navigations reuse the profile; a result the page reveals later holds it back
 * (app/lib/held-revalidation.ts).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  actionResult,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  const held = heldRevalidation({ actionResult, formMethod })
  if (held !== null) return held
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  // A loader redirected with a toast: the root's data carries it.
  if (typeof document !== 'undefined' && toastPending(document.cookie)) return true
  // Same URL: an explicit revalidate() (focus, retry) — refresh the member.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate
  return false
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const requestId = useContext(RequestIdContext)
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#070b16" />
        {/* The home-screen app on iOS: standalone, a black status bar above the
            night shell (the page starts below it), its short Thai name. */}
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="black" />
        <meta name="apple-mobile-web-app-title" content="สมาชิก" />
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {/* The first focusable element of every page: jumps to <main id="main">. */}
        <a href="#main" className="skip-link">
          ข้ามไปยังเนื้อหาหลัก
        </a>
        <LoadingBar />
        {children}
        <ToastHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  )
}

/** docs/decisions/0051-page-transitions-and-focus.md; loaded after hydration. */
function usePageChange() {
  const location = useLocation()
  const shown = useRef(location)
  useEffect(() => {
    const from = shown.current
    shown.current = location
    import('~/browser/page-change').then(
      (m) => (from === location ? m.installPageTransitions(window) : m.pageShown(from, location)),
      () => {},
    )
  }, [location])
}

/** Loaded with import() once interactive, outside the first-load bundle (docs/decisions/0143). */
function useServiceWorker() {
  useEffect(() => {
    let stop: (() => void) | undefined
    let gone = false
    const cancel = afterInteractive(() => {
      import('~/browser/service-worker.client').then(
        (m) => {
          if (gone) return
          void m.registerServiceWorker()
          stop = m.watchRelease()
        },
        () => {},
      )
    })
    return () => {
      gone = true
      cancel()
      stop?.()
    }
  }, [])
}

/**
 * A stale page (a new build deployed) loads its next page from the server, at most once a minute
 * (decision 0005); a page back from the bfcache is loaded again: it may show a logged-out member
 * (docs/decisions/0143).
 */
function useReleaseReload() {
  const navigation = useNavigation()
  useEffect(() => {
    if (navigation.state !== 'loading' || navigation.formMethod) return
    if (!isStaleRelease(document)) return
    if (!claimChunkReload(window.sessionStorage, Date.now())) return
    const { pathname, search, hash } = navigation.location
    window.location.assign(pathname + search + hash)
  }, [navigation])
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload()
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [])
}

/** Chromium's install event is held from hydration on; the sheet loads once interactive, never for a watch. */
function useInstallOffer(wanted: boolean): ComponentType<{ prompts: InstallPrompts }> | null {
  const [Offer, setOffer] = useState<ComponentType<{ prompts: InstallPrompts }> | null>(null)
  useEffect(() => holdInstallPrompt(), [])
  useEffect(() => {
    if (!wanted) {
      // Tests (and support) can tell the offer is not coming on this page.
      return afterInteractive(() => (document.documentElement.dataset.installOffer = 'off'))
    }
    return afterInteractive(() => {
      import('~/ui/install-offer').then(
        (m) => setOffer(() => m.default),
        () => {},
      )
    })
  }, [wanted])
  return wanted ? Offer : null
}

export const headers = keepRetryAfter

export default function App() {
  useFocusRevalidation()
  usePageChange()
  useServiceWorker()
  useReleaseReload()
  // Fresh root data (the balance): a revalidation held for a reveal is done.
  const rootData = useLoaderData<typeof loader>()
  const InstallOffer = useInstallOffer(Boolean(rootData.member) && !rootData.watch)
  useEffect(() => revealed(), [rootData])
  useEffect(() => {
    // Tests (and support) can tell a hydrated page from server HTML.
    document.documentElement.dataset.hydrated = 'true'
    return afterInteractive(() => void loadErrorUi().catch(() => {}))
  }, [])
  return (
    <>
      <OfflineBanner />
      <Outlet />
      {InstallOffer ? <InstallOffer prompts={installPrompts} /> : null}
    </>
  )
}

export const ErrorBoundary = RootErrorBoundary

export const HydrateFallback = RouteModuleFailure
