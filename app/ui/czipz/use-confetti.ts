// canvas-confetti arrives with import() only then (loadChunk, decision 0005).
import { useEffect, useRef, useState } from 'react'
import { loadChunk } from '~/browser/load-chunk'
import { prefersReducedMotion } from '~/ui/czipz/wheel'

export type ConfettiOutcome = 'fired' | 'skipped'

export function useConfetti(playId: string | null): ConfettiOutcome | undefined {
  const [outcome, setOutcome] = useState<ConfettiOutcome | undefined>(undefined)
  const last = useRef<string | null>(null)
  useEffect(() => {
    if (!playId || playId === last.current) return
    last.current = playId
    if (prefersReducedMotion()) {
      setOutcome('skipped')
      return
    }
    let live = true
    void loadChunk(() => import('~/ui/czipz/confetti.client')).then(({ shower }) => {
      if (!live) return
      setOutcome('fired')
      void shower()
    })
    return () => {
      live = false
    }
  }, [playId])
  return outcome
}
