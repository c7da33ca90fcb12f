// As the Epic Stack's utils/user.ts. The browser only ever gets `ShellMember` (no id, no tokens).
import { useRouteLoaderData } from '@remix-run/react'
import type { RootData } from '~/ui/root-data'
import type { ShellMember } from '~/lib/shell'

export type { ShellMember }

export function useRootData() {
  return useRouteLoaderData<RootData>('root')
}

export function useOptionalMember(): ShellMember | null {
  return useRootData()?.member ?? null
}

/** The guard sends guests to /login. */
export function useMember(): ShellMember {
  const member = useOptionalMember()
  if (!member) {
    throw new Error('useMember: no member on this page; use useOptionalMember on public pages')
  }
  return member
}

export function useWatchedMember(): ShellMember | null {
  const root = useRootData()
  return root?.watch ? (root.member ?? null) : null
}
