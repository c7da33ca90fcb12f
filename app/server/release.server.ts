/**
 * This server's release (app/lib/release.ts): the browser build's version,
 * read once from the name of Remix's manifest in public/build
 * (manifest-<hash>.js, the hash scripts/build-service-worker.mjs puts in the
 * worker), and APP_COMMIT. A build that has no manifest (development): `dev`.
 */
import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { releaseOf } from '~/lib/release'
import { env } from '~/server/env.server'

const MANIFEST = /^manifest-([A-Za-z0-9]+)\.js$/

/** The build version in `dir`'s manifest name, or null (pure but for the listing). */
export function buildVersionIn(names: readonly string[]): string | null {
  for (const name of names) {
    const match = MANIFEST.exec(name)
    if (match?.[1]) return match[1]
  }
  return null
}

let build: string | undefined

function buildVersion(dir = resolve('public/build')): string {
  if (build !== undefined) return build
  try {
    build = buildVersionIn(readdirSync(dir)) ?? 'dev'
  } catch {
    build = 'dev'
  }
  return build
}

/** The release this server answers with. */
export function serverRelease(): string {
  return releaseOf(buildVersion(), env().APP_COMMIT)
}
