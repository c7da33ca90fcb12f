// When the time runs out in the browser the page asks the server, which ends the watch.
import { Form, useRevalidator } from '@remix-run/react'
import { Countdown } from '~/ui/countdown'
import { useRootData, useWatchedMember } from '~/ui/member'

export function WatcherBanner() {
  const watch = useRootData()?.watch
  const watched = useWatchedMember()
  const revalidator = useRevalidator()
  if (!watch) return null
  return (
    <div
      role="region"
      aria-label="โหมดผู้ดูแล"
      data-watch-banner
      className="sticky top-0 z-40 flex flex-wrap items-center gap-x-3 gap-y-1 bg-gold-400 px-4 py-2 text-sm text-night-950"
    >
      <p className="min-w-0 flex-1">
        <strong>โหมดผู้ดูแล (ดูอย่างเดียว)</strong> กำลังดูหน้าจอของ <strong>{watched?.username}</strong>
        {watch.staffName ? (
          <>
            {' '}
            โดย <strong>{watch.staffName}</strong>
          </>
        ) : null}
        {watch.expiresAt ? (
          <>
            {' '}
            · เหลือเวลา{' '}
            <Countdown
              until={watch.expiresAt}
              now={watch.now}
              label="เหลือเวลาดู"
              endedText="หมดเวลา"
              onEnd={() => revalidator.revalidate()}
              className="font-bold"
            />
          </>
        ) : null}
      </p>
      <Form method="post" action="/logout">
        <input type="hidden" name="from" value={watch.exitPath} />
        <button type="submit" className="rounded-lg border border-night-950 px-3 py-1 font-bold">
          จบการดู
        </button>
      </Form>
    </div>
  )
}
