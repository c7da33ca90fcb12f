/**
 * The root loader: the member (fetched on every document and after actions),
 * a toast carried over a redirect, the few public settings and where members
 * reach support (the configuration service's, kept a minute).
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import type { Member } from '~/backend/schemas'
import { appConfig } from '~/backend/config.server'
import { publicEnv } from '~/lib/env.server'
import { readToast, type FlashToast } from '~/lib/toast.server'
import { accessForPath } from '~/lib/pages'
import { SESSION_EXPIRED_TOAST, sessionEndedRedirect } from '~/session/checks.server'
import { guard } from '~/session/guard.server'
import { getMember, SessionEndedError } from '~/session/member-api.server'

/** What the browser may know of the member: no id, no tokens. */
export interface ShellMember {
  username: string
  displayName: string
  balance: number
}

function shellMember(member: Member): ShellMember {
  return { username: member.username, displayName: member.displayName, balance: member.balance }
}

export const rootLoader = (args: LoaderFunctionArgs) =>
  guard(args, { access: 'public' }, async ({ request, session, url }) => {
    // The configuration (the support link) is asked at once, under the request's deadline.
    const config = appConfig(request.signal)
    const flash = readToast(request)
    let toast: FlashToast | null = flash.toast
    let member: ShellMember | null = null
    if (session.loggedIn) {
      try {
        member = shellMember(await getMember(request))
      } catch (error) {
        // A profile the backend could not give (down, garbage, no member) is an
        // error page that keeps the session; only an ended session logs out.
        if (!(error instanceof SessionEndedError)) throw error
        // The backend ended the session: a member page goes to /login.
        session.clear()
        if (accessForPath(url.pathname) === 'member') throw sessionEndedRedirect(url)
        toast = { type: 'error', message: SESSION_EXPIRED_TOAST, id: 'session-ended' }
      }
    } else if (session.expired) {
      toast ??= { type: 'error', message: SESSION_EXPIRED_TOAST, id: 'session-expired' }
    }
    const body = {
      member,
      support: (await config).support,
      strategy: member ? (session.payload?.strategy ?? null) : null,
      toast,
      env: publicEnv(),
    }
    const headers = new Headers()
    for (const cookie of flash.clear) headers.append('Set-Cookie', cookie)
    return data(body, { headers })
  })
