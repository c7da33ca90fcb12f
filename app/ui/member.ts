/**
 * The one way components read the member: from the root loader's data
 * (app/root-loader.server.ts, typed by app/ui/root-data.ts), as the Epic
 * Stack's utils/user.ts does.
 * The browser only ever gets this `ShellMember` (no id, no tokens).
 */
import { useRouteLoaderData } from '@remix-run/react'
import type { RootData } from '~/ui/root-data'
import type { ShellMember } from '~/lib/shell'

export type { ShellMember }

/** The root loader's data: member, a watch's banner, toast, public env. */
export function useRootData() {
  return useRouteLoaderData<RootData>('root')
}

/** The logged-in member, or null for a guest. */
export function useOptionalMember(): ShellMember | null {
  return useRootData()?.member ?? null
}

/** The logged-in member, on pages only members reach (the guard sends guests to /login). */
export function useMember(): ShellMember {
  const member = useOptionalMember()
  if (!member) {
    throw new Error('useMember: no member on this page; use useOptionalMember on public pages')
  }
  return member
}

/** The member support staff are watching (the watcher), or null outside watcher mode. */
export function useWatchedMember(): ShellMember | null {
  const root = useRootData()
  return root?.watch ? (root.member ?? null) : null
}
