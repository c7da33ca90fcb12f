// Its own module: the home page's game tiles must not carry the lobby's query helpers.

/** The launch link of a game tile; `from` is the lobby to come back to on a refusal. */
export function launchHref(gameId: string, from?: string): string {
  const params = new URLSearchParams({ game: gameId })
  if (from && from !== '/games') params.set('from', from)
  return `/games/launch?${params.toString()}`
}
