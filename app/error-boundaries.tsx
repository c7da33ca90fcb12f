// The error page's code is not in the first load (decision 0171): the server renders it from
// ~/ui/error-page.server, the browser loads it once the page is interactive or when an error shows.
// A server-rendered error keeps its HTML until the chunk comes (a lazy boundary hydrates then).
import { useRouteError } from '@remix-run/react'
import { lazy, Suspense, useEffect, type ComponentType } from 'react'
import { refusedRouteModuleError } from '~/browser/load-chunk'
import { documentTitle, errorPageTitle, provideErrorTitle } from '~/lib/meta'
import * as onServer from '~/ui/error-page.server'
import type * as ErrorPageModule from '~/ui/error-page'

// `__firstLoad`: the chunk re-exports the first load (app/error-page.lazy.ts, decision 0171).
type ErrorUi = typeof ErrorPageModule & {
  errorTitleOf: (error: unknown) => string
  __firstLoad: unknown
}
type Part = 'RootErrorBoundary' | 'ErrorContentBoundary' | 'RouteModuleFailure'

let loaded: ErrorUi | undefined = (onServer as Partial<ErrorUi>).RootErrorBoundary
  ? (onServer as ErrorUi)
  : undefined

let importErrorUi = (): Promise<ErrorUi> => Promise.reject(new Error('No error page here'))

/**
 * The browser's entry names the chunk (app/entry.client.tsx): this module is in the first load, so
 * it cannot import the module that re-exports the first load (a circle).
 */
export function provideErrorUi(load: () => Promise<ErrorUi>) {
  importErrorUi = load
}

/** Fetched after interactive too, so an error shown offline later still finds it (the worker's cache). */
export function loadErrorUi(): Promise<ErrorUi> {
  return importErrorUi().then((m) => {
    provideErrorTitle(m.errorTitleOf)
    return (loaded = m)
  })
}

/**
 * An error shown before the chunk came had the plain title (the routes' `meta` could not wait):
 * once it has come, the document gets the error's own.
 */
function titled(Part: ComponentType): ComponentType {
  return function TitledPart() {
    const error = useRouteError()
    useEffect(() => {
      document.title = documentTitle(errorPageTitle(error))
    }, [error])
    return <Part />
  }
}

/** The chunk could not be had (offline before it was ever fetched): the page's one way on. */
function Unloaded() {
  return (
    <div className="mx-auto max-w-app p-6 text-center">
      <h1 className="text-xl font-bold">เกิดข้อผิดพลาด</h1>
      <a href="/" className="btn-primary mt-4">
        กลับหน้าแรก
      </a>
    </div>
  )
}

function part(name: Part) {
  const Lazy = lazy((): Promise<{ default: ComponentType }> =>
    loadErrorUi().then(
      (m) => ({ default: name === 'RouteModuleFailure' ? m[name] : titled(m[name]) }),
      () => ({ default: Unloaded }),
    ),
  )
  return function ErrorPart() {
    const Shown = loaded?.[name] ?? Lazy
    return (
      <Suspense fallback={null}>
        <Shown />
      </Suspense>
    )
  }
}

export const RootErrorBoundary = part('RootErrorBoundary')
export const ErrorContentBoundary = part('ErrorContentBoundary')
const Failure = part('RouteModuleFailure')

/** React Router renders it only when a route module has not loaded: ~/ui/error-page tells when. */
export function RouteModuleFailure() {
  return refusedRouteModuleError() ? <Failure /> : null
}
