import { Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Notice } from '~/ui/states'
import { Words } from '~/ui/words'
import type { SlipActionData } from './page.server'

// The install offer's rules load with the offer, not in the page's first load (decision 0172).
function noteMoneyStep() {
  import('~/browser/install-offer').then(
    (offer) => offer.noteMoneyStep(),
    (error: unknown) => console.warn('[install-offer]', error),
  )
}

export const CLOSED_TEXT = 'ปิดรับแทงงวดนี้แล้ว'
export const OUTCOME_ID = 'slip-outcome'
export function ClosedNotice({ here }: { here: string }) {
  return (
    <Notice tone="warning" urgent>
      {CLOSED_TEXT} โพยของคุณยังอยู่ครบ{' '}
      <Link to={here} className="link underline">
        <Words text="ไปงวดถัดไป" />
      </Link>
    </Notice>
  )
}

/**
 * What the last post did, in Thai, just above the slip it changed. The
 * answer to ยืนยันแทง closes the dialog the member was looking at: the
 * outcome is scrolled to and focused, so it is seen and read out where the
 * member's eyes are (without JavaScript the confirm form's #slip-outcome does
 * the scrolling).
 */
export function Outcome({ result, here }: { result: SlipActionData | undefined; here: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!result?.placed || !box.current) return
    // A placed slip: the install offer's moment.
    if (result.ok) noteMoneyStep()
    box.current.focus({ preventScroll: true })
    box.current.scrollIntoView({ block: 'center' })
  }, [result])
  const closed = result?.closed === true && result.placed === true
  return (
    <div id={OUTCOME_ID} ref={box} tabIndex={-1} className="scroll-mt-20 outline-none">
      {closed ? (
        <ClosedNotice here={here} />
      ) : result?.ok ? (
        <Notice>{result.ok}</Notice>
      ) : result?.error && !result.closed ? (
        <Notice tone="error" urgent>
          {result.error}
        </Notice>
      ) : null}
    </div>
  )
}
