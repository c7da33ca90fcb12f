/**
 * Confetti for a prize that is shown: canvas-confetti arrives with import()
 * only then (through loadChunk, decision 0005), never under
 * prefers-reduced-motion (nothing is loaded at all). `fired` is the play the
 * shower ran for, for the page's data attribute.
 */
import { useEffect, useRef, useState } from 'react'
import { loadChunk } from '~/lib/load-chunk'
import { prefersReducedMotion } from '~/ui/czipz/wheel'

export function useConfetti(playId: string | null): string | null {
  const [fired, setFired] = useState<string | null>(null)
  const last = useRef<string | null>(null)
  useEffect(() => {
    if (!playId || playId === last.current) return
    last.current = playId
    if (prefersReducedMotion()) return
    let live = true
    void loadChunk(() => import('~/ui/czipz/confetti.client')).then(({ shower }) => {
      if (!live) return
      setFired(playId)
      void shower()
    })
    return () => {
      live = false
    }
  }, [playId])
  return fired
}
