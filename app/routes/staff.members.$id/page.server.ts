/**
 * The server side of /staff/members/:id: the member as support needs them
 * (profile summary with the bank number masked, balance, recent orders,
 * withdrawals, stakes and notifications, from the backend's staff API), the
 * request timeline the app recorded, and the start of a watch.
 */
import { data } from '@remix-run/node'
import { BackendError, refusalFor } from '~/backend/client.server'
import { memberDetail } from '~/backend/staff.server'
import { TIMELINE_SHOWN } from '~/forms/staff-forms'
import { watchSchema } from '~/forms/schemas'
import { parseForm } from '~/forms/zod'
import { maskAccount, maskPhone } from '~/lib/mask'
import { readFormData } from '~/server/form-data.server'
import { timelineOf } from '~/server/timeline.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/session/guard'
import { startStaffWatch, WATCH_MESSAGES, WatchStartRefused } from '~/session/watch.server'
import { NOT_FOUND_MESSAGE } from '~/lib/errors'

/** The member of the page (the route's `validate` has checked the id). */
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
      createdAt: member.createdAt,
      bank: member.bank
        ? { name: member.bank.name, accountNo: maskAccount(member.bank.accountNo) }
        : null,
    },
    orders: detail.orders,
    withdrawals: detail.withdrawals,
    stakes: detail.stakes,
    notifications: detail.notifications,
    timeline,
  }
}

/** "ดูหน้าจอสมาชิก": a reason and a ticket, then the watch opens in this browser. */
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
