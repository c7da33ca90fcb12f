// Loaded only when the first toast shows: most pages never need sonner.
import { useRouteLoaderData } from '@remix-run/react'
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { TOAST } from '~/lib/constants'
import { loadChunk } from '~/browser/load-chunk'
import type { RootData } from '~/ui/root-data'

export type ToastKind = 'success' | 'error' | 'info'
export interface ToastRequest {
  type: ToastKind
  message: string
  id?: string
}
type Show = (t: ToastRequest) => void

let show: Show | null = null
let queue: ToastRequest[] = []
let wanted = false
const listeners = new Set<() => void>()
const seenIds = new Set<string>()

function emit() {
  for (const l of listeners) l()
}

export function notify(toast: ToastRequest): void {
  if (toast.id) {
    if (seenIds.has(toast.id)) return
    seenIds.add(toast.id)
  }
  if (show) return show(toast)
  queue.push(toast)
  if (!wanted) {
    wanted = true
    emit()
  }
}

export function attachToaster(fn: Show): () => void {
  show = fn
  const pending = queue
  queue = []
  // Let sonner's Toaster subscribe before the first toast is published.
  setTimeout(() => pending.forEach(fn), 0)
  return () => {
    show = null
  }
}

const Toaster = lazy(() => loadChunk(() => import('~/ui/toaster.client')))

function useWanted() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => wanted,
    () => false,
  )
}

export function ToastHost() {
  // Not through app/ui/member.ts: the root's chunk importing it would make it a
  // shared chunk of its own on every page, /login included (docs/decisions/0007-first-load-js-budget.md).
  const flash = useRouteLoaderData<RootData>('root')?.toast
  useEffect(() => {
    if (flash) notify(flash)
  }, [flash])
  if (!useWanted()) return null
  return (
    <Suspense fallback={null}>
      <Toaster attach={attachToaster} options={TOAST} />
    </Suspense>
  )
}
