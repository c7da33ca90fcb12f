/** Support staff watching a member see, on every page, whose screen it is and a way out. */
import { Form } from '@remix-run/react'
import { useWatchedMember } from '~/ui/member'

export function WatcherBanner() {
  const watched = useWatchedMember()
  if (!watched) return null
  return (
    <div
      role="status"
      className="sticky top-0 z-40 flex items-center gap-3 bg-gold-400 px-4 py-2 text-sm text-night-950"
    >
      <p className="flex-1">
        <strong>โหมดผู้ดูแล</strong> กำลังดูหน้าจอของ <strong>{watched.username}</strong>
      </p>
      <Form method="post" action="/logout">
        <input type="hidden" name="from" value="/watcher" />
        <button type="submit" className="rounded-lg border border-night-950 px-3 py-1 font-bold">
          ออกจากโหมดผู้ดูแล
        </button>
      </Form>
    </div>
  )
}
