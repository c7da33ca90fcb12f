import { lazy } from 'react'

/**
 * Decision 0148, 0172: parts a phone's first screen does not draw (below it, in another tab,
 * shown after an interaction) stay out of a page's first load. `onServer` is the parts' module
 * re-exported from a `*.server.ts` file: the server renders them statically (a `lazy()` part
 * would stream in hidden until a script shows it), the browser's build empties it, and there
 * the part is `lazy()`, so hydration keeps the server's HTML until the chunk arrives. Render
 * each part inside a `<Suspense>`. `preload` starts the chunk early, e.g. on a link's hover.
 */
/**
 * The re-exports every deferred module has, named as in the route shims (decision 0172): its chunk
 * then reaches every first-load module, which keeps them in their shared files. Required here, so a
 * new deferred module without them does not compile.
 */
interface ReachesFirstLoad {
  __firstLoad: unknown
  __layoutFirstLoad: unknown
}

export function deferredParts<Parts extends ReachesFirstLoad>(
  onServer: Partial<Parts> | object,
  load: () => Promise<Parts>,
) {
  let loading: Promise<Parts> | undefined
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  function part<K extends keyof Parts>(name: K): Parts[K] {
    const rendered = (onServer as Partial<Parts>)[name]
    if (typeof document === 'undefined' && rendered) return rendered
    return lazy(() =>
      preload().then((parts) => ({ default: parts[name] as never })),
    ) as unknown as Parts[K]
  }
  return { part, preload }
}
