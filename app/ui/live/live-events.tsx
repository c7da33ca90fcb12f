/**
 * The member's live events in this tab (docs/decisions/0129): one
 * EventSource to /events while a member is logged in, opened by <LiveEvents>
 * in the shell. Pages listen with one hook:
 *
 * - `useLiveRevalidation(types)`: the page's data is reloaded when one of
 *   these events arrives (a slip judged, an order paid);
 * - `useLiveBalance(balance)`: the newest balance, from the loader or an event;
 * - `useLiveConnected()`: the stream is open (a page may stop polling).
 *
 * The EventSource itself is ./connection.client.ts, loaded once the page is
 * interactive. The events that matter to money carry a toast the server
 * wrote (app/live/event-text.server.ts). A `reset` (events missed and no
 * longer kept) reloads the page's data; a `session-ended` closes the stream
 * and asks the server, so the page follows (a member page goes to /login).
 */
import { useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { MemberEvent, MemberEventType } from '~/backend/events.schemas'
import type { YeekeeEvent } from '~/backend/yeekee.schemas'
import { revealPending } from '~/lib/held-revalidation'
import { loadChunk } from '~/browser/load-chunk'
import { notify } from '~/ui/toast-host'

export const LIVE_PATH = '/events'

type Listener = (event: MemberEvent) => void
const listeners = new Set<Listener>()
const yeekeeListeners = new Set<(event: YeekeeEvent) => void>()
const openListeners = new Set<() => void>()
const connectionListeners = new Set<() => void>()
let connected = false

/** The yeekee round this tab shows (its shots come on the tab's stream too), and who watches it. */
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

/** Opens the tab's stream while `active` (a member is logged in), loaded after the page is interactive. */
export function LiveEvents({ active }: { active: boolean }) {
  const { revalidate, state } = useRevalidator()
  const revalidateRef = useRef(revalidate)
  revalidateRef.current = revalidate
  const [generation, setGeneration] = useState(0)
  const reopenAfterRevalidation = useRef(false)
  const round = useSyncExternalStore(
    subscribeRound,
    () => watchedRound,
    () => null,
  )

  // After a session-ended, once the server has answered: still a member -> a new stream.
  useEffect(() => {
    if (state !== 'idle' || !reopenAfterRevalidation.current) return
    reopenAfterRevalidation.current = false
    setGeneration((g) => g + 1)
  }, [state])

  useEffect(() => {
    if (!active || typeof EventSource === 'undefined') return
    let close: (() => void) | undefined
    let gone = false
    void loadChunk(() => import('~/ui/live/connection.client')).then(({ connect }) => {
      if (gone) return
      close = connect({
        url: round ? `${LIVE_PATH}?round=${encodeURIComponent(round)}` : LIVE_PATH,
        onEvent: (name, data) => {
          if (name === 'member') for (const listener of listeners) listener(data as MemberEvent)
          if (name === 'yeekee')
            for (const listener of yeekeeListeners) listener(data as YeekeeEvent)
        },
        onOpen: () => {
          setConnected(true)
          for (const listener of openListeners) listener()
        },
        onDown: () => setConnected(false),
        onReset: () => revalidateRef.current(),
        onSessionEnded: () => {
          reopenAfterRevalidation.current = true
          revalidateRef.current()
        },
        notify,
      })
    })
    return () => {
      gone = true
      close?.()
    }
  }, [active, generation, round])
  return null
}

/**
 * The page shows this yeekee round: its shots, close and result come as
 * `handler` calls, and `onOpen` runs each time the stream (re)opens (the page
 * reloads the round then, so nothing missed while it was closed is lost).
 */
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

/**
 * Calls `handler` each time the tab's stream opens (first, and after a
 * reconnect): what happened while there was no stream came on none, so a
 * page whose data may have moved meanwhile looks again.
 */
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

/** Calls `handler` for each live event of these types while the component is mounted. */
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

/**
 * Reloads the page's data when one of these events arrives; several in a
 * row while a reload runs make one more, not one each.
 */
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
 * The balance to show: the loader's, or a newer one from a live event. While
 * a form is posted (and its answer's data reloads) and while a result waits
 * to be revealed (the prize wheel turning, decision 0108), an event is left
 * out: the data that follows brings the balance, and a prize is not given
 * away before the wheel stops.
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

/** The events the notification centre lists (every one but the balance's). */
export const NOTIFYING: readonly MemberEventType[] = [
  'order',
  'withdrawal',
  'stake',
  'cashback',
  'promotion',
]

/**
 * The bell's count: the loader's, plus each notifying event since. `source`
 * is the loader's object: a new one (the server asked again) starts over.
 */
export function useLiveUnread(loaded: number, source: object): number {
  const [extra, setExtra] = useState(0)
  useEffect(() => setExtra(0), [source])
  useLiveEvent(NOTIFYING, () => setExtra((n) => n + 1))
  return loaded + extra
}

/** Whether this tab's live stream is open now. */
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
