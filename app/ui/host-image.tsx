/**
 * An image from the image host with its size set before it loads (no layout
 * shift), a `srcset` for sharp pictures on 2x screens, and lazy loading unless
 * it is the page's main picture (`priority`: eager, fetched first).
 */
import { useRouteLoaderData } from '@remix-run/react'
import { imageSrcSet, imageUrl } from '~/lib/images'
import type { RootData } from '~/ui/root-data'

/**
 * The image host, from the root's data. Read directly, not through
 * ~/ui/member: the home's lazily loaded parts draw pictures, and a lazily
 * loaded chunk importing ~/ui/member would take it out of the first-load
 * file (decision 0148).
 */
export function useImageHost(): string | null {
  return useRouteLoaderData<RootData>('root')?.env.IMAGE_HOST_URL ?? null
}

export function HostImage({
  path,
  width,
  height,
  alt,
  sizes,
  priority = false,
  className,
}: {
  /** The picture's path on the image host, e.g. `/img/games/pg-1.svg`. */
  path: string
  /** The size it is shown at, in CSS pixels (CSS may scale it keeping the ratio). */
  width: number
  height: number
  alt: string
  /** The `sizes` attribute; defaults to the shown width. */
  sizes?: string
  priority?: boolean
  className?: string
}) {
  const host = useImageHost()
  return (
    <img
      src={imageUrl(host, path, width)}
      srcSet={imageSrcSet(host, path, width)}
      sizes={sizes ?? `${width}px`}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      // React 18 does not know `fetchPriority`; the lowercase attribute passes through.
      {...(priority ? { fetchpriority: 'high' } : {})}
      className={className}
    />
  )
}
