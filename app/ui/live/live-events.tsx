// The member's live events in this tab (docs/decisions/0129): one EventSource to /events, opened
// after the page is interactive (./connection.client.ts); pages listen through the hooks below.
import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { MemberEvent, MemberEventType } from '~/backend/events.schemas'
import type { YeekeeEvent } from '~/backend/yeekee.schemas'
import { revealPending } from '~/lib/held-revalidation'

export const LIVE_PATH = '/events'

type Listener = (event: MemberEvent) => void
const listeners = new Set<Listener>()
const yeekeeListeners = new Set<(event: YeekeeEvent) => void>()
const openListeners = new Set<() => void>()
const connectionListeners = new Set<() => void>()
let connected = false

let watchedRound: string | null = null
const roundListeners = new Set<() => void>()
function setWatchedRound(drawId: string | null) {
  if (watchedRound === drawId) return
  watchedRound = drawId
  for (const listener of roundListeners) listener()
}
const subscribeRound = (listener: () => void) => {
  roundListeners.add(listener)
  return () => {
    roundListeners.delete(listener)
  }
}

function setConnected(value: boolean) {
  if (connected === value) return
  connected = value
  for (const listener of connectionListeners) listener()
}

/** What the stream (./live-stream.tsx, loaded once the page is interactive) hands events to. */
export const liveHub = {
  listeners,
  yeekeeListeners,
  openListeners,
  setConnected,
  subscribeRound,
  round: () => watchedRound,
}

/** `onOpen` runs each time the stream (re)opens: the page reloads the round, so nothing missed is lost. */
export function useLiveYeekee(
  drawId: string | null,
  handler: (event: YeekeeEvent) => void,
  onOpen: () => void,
): void {
  const latest = useRef(handler)
  latest.current = handler
  useLiveOpened(onOpen)
  useEffect(() => {
    if (!drawId) return
    setWatchedRound(drawId)
    const listener = (event: YeekeeEvent) => {
      if (event.drawId === drawId) latest.current(event)
    }
    yeekeeListeners.add(listener)
    return () => {
      yeekeeListeners.delete(listener)
      setWatchedRound(null)
    }
  }, [drawId])
}

/** What happened while there was no stream came on none, so the page looks again. */
export function useLiveOpened(handler: () => void): void {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    const opened = () => latest.current()
    openListeners.add(opened)
    return () => {
      openListeners.delete(opened)
    }
  }, [])
}

export function useLiveEvent(types: readonly MemberEventType[], handler: Listener): void {
  const latest = useRef(handler)
  latest.current = handler
  const key = types.join(',')
  useEffect(() => {
    const wanted = new Set(key.split(','))
    const listener: Listener = (event) => {
      if (wanted.has(event.type)) latest.current(event)
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }, [key])
}

/** Several events while a reload runs make one more, not one each. */
export function useLiveRevalidation(types: readonly MemberEventType[]): void {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  const again = useRef(false)
  useEffect(() => {
    if (revalidator.state === 'idle' && again.current) {
      again.current = false
      revalidator.revalidate()
    }
  }, [revalidator])
  useLiveEvent(types, () => {
    if (latest.current.state === 'idle') latest.current.revalidate()
    else again.current = true
  })
}

/**
 * Events are left out while a form posts and while a result waits to be revealed (decision 0108):
 * the data that follows brings the balance, and a prize is not given away before the wheel stops.
 */
export function useLiveBalance(loaded: number): number {
  const [live, setLive] = useState<number | null>(null)
  const busy = useNavigation().state !== 'idle'
  const busyRef = useRef(busy)
  busyRef.current = busy
  // A new value from the loader is at least as new as the events before it.
  useEffect(() => setLive(null), [loaded])
  useLiveEvent(['balance'], (event) => {
    if (event.type !== 'balance' || busyRef.current || revealPending()) return
    setLive(event.balance)
  })
  return live ?? loaded
}

export const NOTIFYING: readonly MemberEventType[] = [
  'order',
  'withdrawal',
  'stake',
  'cashback',
  'promotion',
]

/** A new `source` (the server asked again) starts over. */
export function useLiveUnread(loaded: number, source: object): number {
  const [extra, setExtra] = useState(0)
  useEffect(() => setExtra(0), [source])
  useLiveEvent(NOTIFYING, () => setExtra((n) => n + 1))
  return loaded + extra
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      connectionListeners.add(listener)
      return () => connectionListeners.delete(listener)
    },
    () => connected,
    () => false,
  )
}
