/**
 * The lotto provider's page: the backend gives its address and this loader
 * leaves for it with a redirect (as /games/launch, decision 0040). A watcher
 * session, or the backend failing, goes back to /lotto with a Thai toast.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { launchLotto } from '~/backend/games.server'
import { env } from '~/server/env.server'
import { LAUNCH_NOTICES } from '~/games/lobby-query'
import { pageMeta } from '~/lib/meta'
import { PAGES } from '~/lib/pages'
import { redirectWithToast } from '~/server/toast.server'
import { guard } from '~/session/guard'

const page = PAGES.lottoLaunch

export const WATCHER_LOTTO_MESSAGE = 'โหมดผู้ดูแลดูหน้าจอได้เท่านั้น ไม่สามารถเข้าระบบหวยแทนสมาชิกได้'

export const loader = (args: LoaderFunctionArgs) =>
  guard(args, { access: page.access, feature: 'lotto' }, async (ctx) => {
    const { url, session } = ctx
    const back = PAGES.lotto.path
    if (session.payload?.strategy === 'watcher') {
      return redirectWithToast(back, { type: 'error', message: WATCHER_LOTTO_MESSAGE })
    }
    const origin = env().APP_ORIGINS[0] ?? url.origin
    try {
      return redirect(await launchLotto(ctx, new URL(back, origin).href))
    } catch (error) {
      if (!(error instanceof BackendError)) throw error
      return redirectWithToast(back, {
        type: 'error',
        message: error.message || LAUNCH_NOTICES.failed,
      })
    }
  })

export const meta = pageMeta(page.title)

/** Never shown: the loader always redirects. */
export default function LottoLaunch() {
  return <h1 className="text-2xl font-bold">{page.title}</h1>
}
