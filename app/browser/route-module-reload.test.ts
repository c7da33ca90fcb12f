// @vitest-environment jsdom
/**
 * The reload guard for Remix route modules, run against the installed Remix's
 * own `loadRouteModule` (the function that imports a route module on a client
 * navigation and reloads the page when the import fails). If a Remix upgrade
 * changes how it fails, these tests fail.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { CHUNK_RELOAD_STORAGE_KEY } from '~/lib/constants'
import {
  guardRouteModuleReloads,
  refusedRouteModuleError,
  REMIX_ROUTE_MODULE_FAILED,
} from '~/browser/load-chunk'

type LoadRouteModule = (
  route: { id: string; module: string },
  cache: Record<string, unknown>,
) => Promise<unknown>

const REMIX_ROUTE_MODULES = '@remix-run/react/dist/esm/routeModules.js'
const { loadRouteModule } = (await import(/* @vite-ignore */ REMIX_ROUTE_MODULES)) as {
  loadRouteModule: LoadRouteModule
}

const MISSING = { id: 'routes/gone', module: '/build/routes/gone-ABCDEFGH.js' }

/** Settles within a few ticks, or reports that it is still pending. */
function settled(promise: Promise<unknown>) {
  return Promise.race([
    promise.then(
      () => 'resolved',
      (error: unknown) => error,
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
  ])
}

let restore: () => void = () => undefined
let now = 100_000
/** What reaches the real console.error (a spy underneath the guard). */
let logged: MockInstance<typeof console.error>

beforeEach(() => {
  sessionStorage.clear()
  Object.assign(window, { __remixContext: { isSpaMode: false } })
  // jsdom cannot navigate; it reports `location.reload()` as "not implemented".
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  restore = guardRouteModuleReloads({ console, storage: sessionStorage, now: () => now })
})

afterEach(() => restore())

describe('a route module that fails to load on a client navigation', () => {
  it('Remix still announces the failure with the line the guard looks for', async () => {
    void loadRouteModule(MISSING, {})
    await vi.waitFor(() => expect(logged).toHaveBeenCalled())
    expect(logged.mock.calls[0]?.[0]).toMatch(REMIX_ROUTE_MODULE_FAILED)
    expect(String(logged.mock.calls[0]?.[0])).toContain(MISSING.module)
  })

  it('first failure: the time is stored and Remix reloads (the load never settles)', async () => {
    now = 500_000
    const load = loadRouteModule(MISSING, {})
    expect(await settled(load)).toBe('pending')
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe('500000')
  })

  it('again within 60 s: no reload, the navigation fails with the import error', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, '440000')
    now = 500_000
    const outcome = await settled(loadRouteModule(MISSING, {}))
    expect(outcome).toBeInstanceOf(Error)
    expect(String((outcome as Error).message)).not.toMatch(REMIX_ROUTE_MODULE_FAILED)
    // Kept for the error page (the root's HydrateFallback).
    expect(refusedRouteModuleError()?.error).toBe(outcome)
    // The log does not claim a reload that does not happen.
    expect(String(logged.mock.calls[0]?.[0])).toContain('not reloading again')
    expect(String(logged.mock.calls[0]?.[0])).not.toContain('reloading page...')
    // The stamp is the first reload's: a refused reload does not extend the window.
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe('440000')
  })

  it('more than 60 s after the last reload: reloads again', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, '439999')
    now = 500_000
    expect(await settled(loadRouteModule(MISSING, {}))).toBe('pending')
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe('500000')
  })

  it('other error logs are untouched, also right after a refused reload', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now))
    await settled(loadRouteModule(MISSING, {}))
    logged.mockClear()
    expect(() => console.error('something else', new Error('x'))).not.toThrow()
    expect(() => console.error(new Error('a plain error'))).not.toThrow()
    expect(logged).toHaveBeenCalledTimes(2)
  })

  it('restoring puts the original console.error back', () => {
    const guarded = console.error
    restore()
    expect(console.error).not.toBe(guarded)
  })
})
