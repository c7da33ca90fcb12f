// The member's one EventSource (docs/decisions/0129): the shell's layout renders it once the page is
// interactive (decision 0171); pages listen through ./live-events.tsx.
import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { MemberEvent } from '~/backend/events.schemas'
import type { YeekeeEvent } from '~/backend/yeekee.schemas'
import { loadChunk } from '~/browser/load-chunk'
import { LIVE_PATH, liveHub } from '~/ui/live/live-events'
import { notify } from '~/ui/toast-host'

export function LiveStream({ active }: { active: boolean }) {
  const { revalidate, state } = useRevalidator()
  const revalidateRef = useRef(revalidate)
  revalidateRef.current = revalidate
  const [generation, setGeneration] = useState(0)
  const reopenAfterRevalidation = useRef(false)
  const round = useSyncExternalStore(liveHub.subscribeRound, liveHub.round, () => null)

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
          if (name === 'member')
            for (const listener of liveHub.listeners) listener(data as MemberEvent)
          if (name === 'yeekee')
            for (const listener of liveHub.yeekeeListeners) listener(data as YeekeeEvent)
        },
        onOpen: () => {
          liveHub.setConnected(true)
          for (const listener of liveHub.openListeners) listener()
        },
        onDown: () => liveHub.setConnected(false),
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
