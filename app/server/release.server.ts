// app/lib/release.ts; the build version is the manifest's hash (scripts/build-service-worker.mjs).
import { readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { releaseOf } from '~/lib/release'
import { env } from '~/server/env.server'

const MANIFEST = /^manifest-([A-Za-z0-9]+)\.js$/

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

export function serverRelease(): string {
  return releaseOf(buildVersion(), env().APP_COMMIT)
}
