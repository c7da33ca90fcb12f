/** The server side of /watcher: the `?token=` link refused, the pasted token's login. */
import { data } from '@remix-run/node'
import { readFormData } from '~/server/form-data.server'
import { PAGES } from '~/lib/pages'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/session/guard'
import { LoginError, loginAsWatcher } from '~/session/strategies.server'
import { appConfig } from '~/backend/config.server'
import { httpError } from '~/server/http-error.server'
import { recordTokenWatchStart, WATCH_MESSAGES } from '~/session/watch.server'

const page = PAGES.watcher
const MAX_TOKEN_LENGTH = 16_384
export const NO_REFERRER = { 'Referrer-Policy': 'no-referrer' }

/** The configuration service may turn pasted-token watches off (the staff console replaces them). */
async function requireTokenWatches(request: Request): Promise<void> {
  if (!(await appConfig(request.signal)).staff.tokenWatcher) {
    throw httpError(403, WATCH_MESSAGES.tokenWatchOff)
  }
}

/** `?token=` is never used: the address bar is cleared and the session left alone. */
export async function loadPage({ url, request }: RouteContext) {
  await requireTokenWatches(request)
  if (!url.searchParams.has('token')) return null
  throw redirectWithToast(
    page.path,
    { type: 'error', message: 'ลิงก์นี้ใช้ไม่ได้ กรุณาวางโทเค็นในแบบฟอร์มหรือใช้ลิงก์แบบ #token=' },
    { headers: NO_REFERRER },
  )
}

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  await requireTokenWatches(request)
  const token = (await readFormData(request)).get('token')
  const trimmed = typeof token === 'string' ? token.trim() : ''
  if (!trimmed || trimmed.length > MAX_TOKEN_LENGTH) {
    return data({ error: 'กรุณาวางโทเค็นของสมาชิก' }, { status: 400 })
  }
  try {
    const member = await loginAsWatcher(ctx, trimmed)
    // On the record as a token watch: nobody is known, only whom and when.
    recordTokenWatchStart(ctx.session.payload)
    throw redirectWithToast('/', { type: 'info', message: `กำลังดูในฐานะ ${member.username}` })
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    return data({ error: error.message }, { status: error.status })
  }
}
