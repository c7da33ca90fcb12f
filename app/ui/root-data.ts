import type { AppConfig } from '~/backend/config.schemas'
import type { ShellMember, ShellWatch } from '~/lib/shell'

/**
 * The root loader's data as components read it with
 * `useRouteLoaderData<RootData>('root')`: app/root-loader.server.ts returns
 * it (`satisfies`), so a component needs no import of the root above it.
 */
export interface RootData {
  member: ShellMember | null
  support: AppConfig['support']
  watch: ShellWatch | null
  toast: { type: 'success' | 'error' | 'info'; message: string; id: string } | null
  env: { APP_VERSION: string; APP_COMMIT: string; IMAGE_HOST_URL: string | null }
}
