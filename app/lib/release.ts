/**
 * The release a server runs: its browser build (the hash of Remix's manifest)
 * and its commit, `<build>.<commit>`. Every document and data answer names it
 * in Server-Timing (`release;desc="…"`), the browser's timing entries show it
 * to the page, and the service worker carries it. A page whose own release
 * (its document's) differs from one a later answer names runs old code
 * against a new server: it reloads at its next navigation (docs/decisions/0143).
 */
export const RELEASE_TIMING = 'release'

export function releaseOf(build: string, commit: string): string {
  return `${build}.${commit}`
}

/** The Server-Timing entry that names `release`. */
export function releaseTiming(release: string): string {
  return `${RELEASE_TIMING};desc="${release.replace(/["\\]/g, '')}"`
}

/** The release a timing entry's Server-Timing names, or null (pure). */
export function releaseFromTimings(
  serverTiming: readonly { name: string; description: string }[] | undefined,
): string | null {
  const entry = serverTiming?.find((timing) => timing.name === RELEASE_TIMING)
  return entry?.description ? entry.description : null
}

/** A later answer names a release other than the page's own (both known). */
export function isOtherRelease(own: string | null, seen: string | null): boolean {
  return own !== null && seen !== null && own !== seen
}

/**
 * `<html data-release="stale">`: the page runs older code than its server
 * (set by the release watch, read by the root at the next navigation).
 */
export function markStaleRelease(doc: Document): void {
  doc.documentElement.dataset.release = 'stale'
}

export function isStaleRelease(doc: Document): boolean {
  return doc.documentElement.dataset.release === 'stale'
}
