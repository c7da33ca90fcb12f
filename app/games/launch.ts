/**
 * The launch link of a game, in a module of its own: game tiles show it on
 * the home page too, which must not carry the lobby's query helpers
 * (~/lib/lobby-query) for one link.
 */

/** The launch link of a game tile; `from` is the lobby to come back to on a refusal. */
export function launchHref(gameId: string, from?: string): string {
  const params = new URLSearchParams({ game: gameId })
  if (from && from !== '/games') params.set('from', from)
  return `/games/launch?${params.toString()}`
}
