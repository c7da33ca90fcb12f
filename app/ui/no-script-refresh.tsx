// A refresh in <noscript>, which a browser running scripts ignores (docs/decisions/0103).
export const NO_SCRIPT_REFRESH_SECONDS = 5

export function NoScriptRefresh({ seconds = NO_SCRIPT_REFRESH_SECONDS }: { seconds?: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  )
}
