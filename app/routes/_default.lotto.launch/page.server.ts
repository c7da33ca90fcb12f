// As /games/launch (decision 0040).
import { redirect } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { launchLotto } from '~/backend/games.server'
import { LAUNCH_NOTICES } from '~/lib/lobby-query'
import { PAGES } from '~/lib/pages'
import { canonicalOrigin } from '~/server/origins.server'
import { redirectWithToast } from '~/server/toast.server'
import type { RouteContext } from '~/security/guard'

const WATCHER_LOTTO_MESSAGE = 'โหมดผู้ดูแลดูหน้าจอได้เท่านั้น ไม่สามารถเข้าระบบหวยแทนสมาชิกได้'

export async function loadPage(ctx: RouteContext) {
  const { url, session } = ctx
  const back = PAGES.lotto.path
  if (session.payload?.strategy === 'watcher') {
    return redirectWithToast(back, { type: 'error', message: WATCHER_LOTTO_MESSAGE })
  }
  const origin = canonicalOrigin(url.href)
  try {
    return redirect(await launchLotto(ctx, new URL(back, origin).href))
  } catch (error) {
    if (!(error instanceof BackendError)) throw error
    return redirectWithToast(back, {
      type: 'error',
      message: error.message || LAUNCH_NOTICES.failed,
    })
  }
}
