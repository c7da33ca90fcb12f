import { Form, Link, useActionData } from '@remix-run/react'
import { useWatchedMember } from '~/ui/member'
import { FormError } from '~/forms/member-form'
import type { submit } from './page.server'
import { type SetPageView, page, useBusy } from './shared'

export function DeleteSet({ view }: { view: SetPageView }) {
  const reply = useActionData<typeof submit>()
  const watched = useWatchedMember() !== null
  const busy = useBusy()
  const error = reply?.form === 'delete' ? reply.error : undefined
  const here = `${page.path}/${view.set.id}`
  if (!view.confirmDelete) {
    return watched ? null : (
      <Link to={`${here}?confirm=delete`} className="btn-ghost block text-center text-red-200">
        ลบชุดนี้
      </Link>
    )
  }
  return (
    <Form
      method="post"
      action={here}
      replace
      className="card space-y-3 border-red-700"
      aria-labelledby="delete-title"
    >
      <h2 id="delete-title" className="font-bold">
        ยืนยันการลบชุด &ldquo;{view.set.name}&rdquo;?
      </h2>
      <p className="text-sm text-slate-300">
        ลบแล้วกู้คืนไม่ได้ เลขทั้ง {view.set.lines.length} รายการจะหายไป
      </p>
      <FormError id="delete-error" message={error} />
      <fieldset disabled={watched} className="flex gap-3">
        <input type="hidden" name="intent" value="delete" />
        <Link to={here} className="btn-ghost flex-1 text-center">
          ยกเลิก
        </Link>
        <button
          type="submit"
          className="btn-primary flex-1 bg-red-500 hover:bg-red-400"
          disabled={busy}
        >
          ยืนยันการลบ
        </button>
      </fieldset>
    </Form>
  )
}
