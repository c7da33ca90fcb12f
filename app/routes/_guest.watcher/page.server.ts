// With staff accounts (decision 0156) only a signed-in staff person may watch; elsewhere the
// original's bare token watch.
import { data } from '@remix-run/node'
import { appConfig } from '~/backend/config.server'
import { watchSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { PAGES } from '~/lib/pages'
import { readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import { staffLoginPath } from '~/lib/redirects'
import { LoginError, loginAsWatcher } from '~/session/strategies.server'
import { recordTokenWatchStart, tokenWatchStaff, WATCH_MESSAGES } from '~/staff/watch.server'

const page = PAGES.watcher
const MAX_TOKEN_LENGTH = 16_384
export const NO_REFERRER = { 'Referrer-Policy': 'no-referrer' }

/** The staff console may replace them. */
async function tokenWatchRules(request: Request): Promise<{ staffAccounts: boolean }> {
  const { staff } = await appConfig(request.signal)
  if (!staff.tokenWatcher) throw httpError(403, WATCH_MESSAGES.tokenWatchOff)
  return { staffAccounts: staff.accounts }
}

function requireStaff({ staffSession, url }: RouteContext): void {
  if (staffSession.loggedIn) return
  throw redirectWithToast(
    staffLoginPath(new URL(page.path, url)),
    { type: 'info', message: WATCH_MESSAGES.tokenWatchNeedsStaff },
    { headers: NO_REFERRER },
  )
}

/** `?token=` is never used: the address bar is cleared and the session left alone. */
export async function loadPage(ctx: RouteContext) {
  const { url, request, staffSession } = ctx
  const { staffAccounts } = await tokenWatchRules(request)
  if (url.searchParams.has('token')) {
    throw redirectWithToast(
      page.path,
      { type: 'error', message: 'ลิงก์นี้ใช้ไม่ได้ กรุณาวางโทเค็นในแบบฟอร์มหรือใช้ลิงก์แบบ #token=' },
      { headers: NO_REFERRER },
    )
  }
  if (!staffAccounts) return { staffName: null }
  requireStaff(ctx)
  const staff = staffSession.payload!.staff
  return { staffName: staff.displayName || staff.username }
}

export async function submit(ctx: RouteContext) {
  const { request } = ctx
  const { staffAccounts } = await tokenWatchRules(request)
  if (staffAccounts) requireStaff(ctx)
  const form = await readFormData(request)
  const token = form.get('token')
  const trimmed = typeof token === 'string' ? token.trim() : ''
  if (!trimmed || trimmed.length > MAX_TOKEN_LENGTH) {
    return data({ error: 'กรุณาวางโทเค็นของสมาชิก', reply: null }, { status: 400 })
  }
  // A staff person's watch: the same reason and ticket as the console's.
  const submission = staffAccounts ? parseForm(form, watchSchema) : null
  if (submission && submission.status !== 'success') {
    return data({ error: null, reply: submission.reply() }, { status: 400 })
  }
  const why = submission?.status === 'success' ? submission.value : null
  try {
    const staff = staffAccounts ? tokenWatchStaff(ctx.staffSession) : undefined
    const member = await loginAsWatcher(ctx, trimmed, staff)
    // On the record as a token watch: the staff person's, with why; else nobody known.
    recordTokenWatchStart(
      ctx.session.payload,
      why && { reason: why.reason.trim(), ticket: why.ticket.trim() },
    )
    throw redirectWithToast('/', { type: 'info', message: `กำลังดูในฐานะ ${member.username}` })
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    return data({ error: error.message, reply: null }, { status: error.status })
  }
}
