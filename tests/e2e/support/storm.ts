/** How the refresh storm's answers are read (the rules: scripts/bench/storm-rules.mjs). */
import type { APIResponse } from '@playwright/test'
import { judgeAnswer } from '../../../scripts/bench/storm-rules.mjs'

export interface Outcome extends ReturnType<typeof judgeAnswer> {
  path: string
  status: number
  newSessionCookies: string[]
}

export async function outcomeOf(path: string, response: APIResponse): Promise<Outcome> {
  const setCookies = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value)
  const verdict = judgeAnswer({
    status: response.status(),
    body: await response.text(),
    setCookies,
    location: response.headers()['location'] ?? '',
  })
  return {
    path,
    status: response.status(),
    ...verdict,
    newSessionCookies: setCookies
      .map((c) => /^auth\.session=([^;]+)/.exec(c)?.[1])
      .filter((v): v is string => v !== undefined),
  }
}
