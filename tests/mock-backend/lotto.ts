/**
 * The demo backend's lotto calls (docs/backend-api.md, "Lotto"): the lotto
 * types with their next draw, built on the calendar in lotto-catalog.ts.
 */
import { lottoTypesResponseSchema } from '../../app/backend/lotto.schemas'
import { dataReply } from './http'
import type { RequestContext, Route } from './router'

function lottoTypes(ctx: RequestContext) {
  return dataReply(lottoTypesResponseSchema, { data: ctx.state.lotto.lottoTypes(Date.now()) })
}

export const lottoRoutes: readonly Route[] = [
  { method: 'GET', path: '/lotto/types', handler: lottoTypes },
]
