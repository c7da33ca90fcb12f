// A member's search and a quoted request id are both looked up.
import { searchMembers } from '~/backend/staff.server'
import { STAFF_SEARCH_MAX } from '~/forms/staff-forms'
import { maskPhone } from '~/lib/mask'
import type { RouteContext } from '~/security/guard'
import { findRequest, shownEntry } from '~/server/timeline.server'

export async function loadPage(ctx: RouteContext) {
  const q = (ctx.url.searchParams.get('q') ?? '').trim().slice(0, STAFF_SEARCH_MAX)
  if (!q) return { q, members: null, request: null }
  const [members, found] = await Promise.all([searchMembers(ctx, q), findRequest(q)])
  return {
    q,
    members: members.map((m) => ({
      id: m.id,
      username: m.username,
      displayName: m.displayName,
      phone: maskPhone(m.phone),
      isStaff: m.isStaff,
      locked: m.locked,
    })),
    request: found && { memberId: found.memberId, entry: shownEntry(found.entry) },
  }
}
