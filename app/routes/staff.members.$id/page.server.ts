import { data } from '@remix-run/node'
import { BackendError, refusalFor } from '~/backend/client.server'
import { memberDetail } from '~/backend/staff.server'
import { TIMELINE_SHOWN } from '~/forms/staff-forms'
import { watchSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { maskAccount, maskPhone } from '~/lib/mask'
import { formatThaiMoment } from '~/lib/thai-date-format'
import { readFormData } from '~/server/form-data.server'
import { shownEntry, timelineOf } from '~/server/timeline.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'
import { startStaffWatch, WATCH_MESSAGES, WatchStartRefused } from '~/staff/watch.server'
import { NOT_FOUND_MESSAGE } from '~/lib/errors'

/** Dates are written out here: no date library in the browser (decision 0163). */
const withWhen = <T extends { createdAt: string }>(record: T) => ({
  ...record,
  when: formatThaiMoment(record.createdAt),
})

/** The route's `validate` has checked the id. */
const memberIdOf = (params: RouteContext['params']) => Number(params.id)

export async function loadPage(ctx: RouteContext) {
  const id = memberIdOf(ctx.params)
  const [detail, timeline] = await Promise.all([
    memberDetail(ctx, id),
    timelineOf(String(id), TIMELINE_SHOWN),
  ])
  const { member } = detail
  return {
    member: {
      id: member.id,
      username: member.username,
      displayName: member.displayName,
      phone: maskPhone(member.phone),
      isStaff: member.isStaff,
      locked: member.locked,
      balance: member.balance,
      joined: formatThaiMoment(member.createdAt),
      bank: member.bank
        ? { name: member.bank.name, accountNo: maskAccount(member.bank.accountNo) }
        : null,
    },
    orders: detail.orders.map(withWhen),
    withdrawals: detail.withdrawals.map(withWhen),
    stakes: detail.stakes.map(withWhen),
    notifications: detail.notifications.map(withWhen),
    timeline: timeline.map(shownEntry),
  }
}

export async function submit(ctx: RouteContext) {
  const id = memberIdOf(ctx.params)
  const form = await readFormData(ctx.request)
  const submission = parseForm(form, watchSchema)
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const { reason, ticket } = submission.value
  try {
    await startStaffWatch(ctx, { memberId: id, reason: reason.trim(), ticket: ticket.trim() })
  } catch (error) {
    if (error instanceof WatchStartRefused) {
      const wait = error.retryAfterSeconds
      return data(submission.reply({ formErrors: [error.message] }), {
        status: error.status,
        headers: wait === null ? undefined : { 'Retry-After': String(wait) },
      })
    }
    const refused = refusalFor(error, {
      STAFF_ACCOUNT: WATCH_MESSAGES.staffAccount,
      NOT_FOUND: NOT_FOUND_MESSAGE,
    })
    if (refused === null) throw error
    const status = error instanceof BackendError ? error.status : 400
    return data(submission.reply({ formErrors: [refused] }), { status })
  }
  throw redirectWithToast('/', { type: 'info', message: 'เริ่มดูหน้าจอสมาชิกแล้ว (ดูอย่างเดียว)' })
}
