// The backend failing is a Thai message on the page, not an error page.
import { redirect } from '@remix-run/node'
import { orMessage } from '~/backend/client.server'
import type { Draw, LottoType, Stake } from '~/backend/lotto.schemas'
import { memberStakes } from '~/backend/lotto-stakes.server'
import { lottoTypes } from '~/backend/lotto.server'
import { withDrawText, type DrawText } from '~/lotto/text.server'
import type { RouteContext } from '~/security/guard'
import { loginPath } from '~/lib/redirects'

export type ShownType = Omit<LottoType, 'nextDraw'> & { nextDraw: (Draw & DrawText) | null }
export type ShownStake = Omit<Stake, 'draw'> & { draw: Stake['draw'] & DrawText }

export async function loadPage(ctx: RouteContext) {
  const { request, url, session } = ctx
  const tab = url.searchParams.get('tab') === 'history' ? 'history' : 'types'
  if (tab === 'history') {
    // A visitor browses the lotto types; the slips are the member's own.
    if (!session.loggedIn) throw redirect(loginPath(url))
    const stakes = await orMessage(memberStakes(ctx, 30))
    const described = stakes.value?.map((stake) => ({ ...stake, draw: withDrawText(stake.draw) }))
    return { tab, now: Date.now(), types: null, stakes: described ?? null, error: stakes.error }
  }
  const types = await orMessage(lottoTypes(request.signal))
  const described = types.value?.map((type) => ({
    ...type,
    nextDraw: type.nextDraw ? withDrawText(type.nextDraw) : null,
  }))
  return { tab, now: Date.now(), types: described ?? null, stakes: null, error: types.error }
}
