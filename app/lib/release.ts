// A page whose release differs from one a later answer names runs old code against a new
// server: it reloads at its next navigation (docs/decisions/0143).
export const RELEASE_TIMING = 'release'

export function releaseOf(build: string, commit: string): string {
  return `${build}.${commit}`
}

export function releaseTiming(release: string): string {
  return `${RELEASE_TIMING};desc="${release.replace(/["\\]/g, '')}"`
}

export function releaseFromTimings(
  serverTiming: readonly { name: string; description: string }[] | undefined,
): string | null {
  const entry = serverTiming?.find((timing) => timing.name === RELEASE_TIMING)
  return entry?.description ? entry.description : null
}

export function isOtherRelease(own: string | null, seen: string | null): boolean {
  return own !== null && seen !== null && own !== seen
}

export function markStaleRelease(doc: Document): void {
  doc.documentElement.dataset.release = 'stale'
}

export function isStaleRelease(doc: Document): boolean {
  return doc.documentElement.dataset.release === 'stale'
}
