// Size set before it loads (no layout shift); lazy unless it is the page's main picture.
import { useRouteLoaderData } from '@remix-run/react'
import { imageSrcSet, imageUrl } from '~/lib/images'
import type { RootData } from '~/ui/root-data'

/**
 * Not through ~/ui/member: a lazily loaded chunk importing it would take it out of the first-load
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
  path: string
  width: number
  height: number
  alt: string
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
