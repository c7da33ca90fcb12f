// The backend decides the prize; the page only shows it.
import { data } from '@remix-run/node'
import { BackendError } from '~/backend/client.server'
import { ANGPAO_ENVELOPES, type RewardGame, type RewardResult } from '~/backend/czipz.schemas'
import {
  CZIPZ_MESSAGES,
  czipzErrorMessage,
  pickAngpao,
  rewardGames,
  spinWheel,
} from '~/backend/czipz.server'
import { MALFORMED_FORM_MESSAGE, readFormData } from '~/server/form-data.server'
import { httpError } from '~/server/http-error.server'
import { newIdempotencyKey, readIdempotencyKey } from '~/server/idempotency.server'
import { REVEAL_LATER } from '~/lib/held-revalidation'
import { formatThaiMoment } from '~/lib/thai-date-format'
import type { RouteContext } from '~/security/guard'

export async function loadPage(ctx: RouteContext) {
  const games = await rewardGames(ctx)
  return {
    wheel: games.wheel,
    angpao: games.angpao,
    resetsText: formatThaiMoment(games.ticketsResetAt),
    history: games.history.map((play) => ({
      ...play,
      atText: formatThaiMoment(play.at),
    })),
    // One key per game: a key belongs to one kind of request.
    keys: { wheel: newIdempotencyKey(), angpao: newIdempotencyKey() },
  }
}

export type GamesActionData =
  | { game: RewardGame; result: RewardResult; error?: undefined; revealLater?: true }
  | { game: RewardGame; error: string; result?: undefined }

const refused = (game: RewardGame, error: string, status: number) =>
  data<GamesActionData>({ game, error }, { status })

export async function submit(ctx: RouteContext) {
  const form = await readFormData(ctx.request)
  const intent = form.get('intent')
  const key = readIdempotencyKey(form)
  if (!key || (intent !== 'spin' && intent !== 'pick')) {
    throw httpError(400, MALFORMED_FORM_MESSAGE)
  }
  const game: RewardGame = intent === 'spin' ? 'wheel' : 'angpao'
  let envelope = 0
  if (game === 'angpao') {
    envelope = Number(form.get('envelope'))
    if (!Number.isInteger(envelope) || envelope < 0 || envelope >= ANGPAO_ENVELOPES) {
      return refused(game, CZIPZ_MESSAGES.envelopeInvalid, 400)
    }
  }
  try {
    const result =
      game === 'wheel' ? await spinWheel(ctx, key) : await pickAngpao(ctx, envelope, key)
    // A spin is revealed when the wheel stops: the header balance, the
    // tickets and the history wait for it (app/lib/held-revalidation.ts).
    // A pick shows its envelope with the answer, so everything reloads at once.
    return data<GamesActionData>(
      game === 'wheel' ? { game, result, ...REVEAL_LATER } : { game, result },
    )
  } catch (error) {
    const message = czipzErrorMessage(error)
    if (message) return refused(game, message, error instanceof BackendError ? error.status : 409)
    throw error
  }
}
