/**
 * Pictures from the image host (IMAGE_HOST_URL; the demo backend serves them
 * offline). The host resizes by `?w=`; pages ask for a few widths through
 * `srcset` and always set width and height, so nothing shifts as they load.
 */

/** Widths a page may ask for: few, so browsers and the host cache well. */
export const IMAGE_WIDTHS = [160, 320, 480, 720, 960] as const

/** The URL of `path` (e.g. `/img/games/pg-1.svg`) at `width` pixels wide. */
export function imageUrl(host: string | null, path: string, width: number): string {
  const base = host ? host.replace(/\/+$/, '') : ''
  const sep = path.includes('?') ? '&' : '?'
  return `${base}${path}${sep}w=${width}`
}

/** A `srcset` for a picture shown at most `maxWidth` CSS pixels wide (up to 2x screens). */
export function imageSrcSet(host: string | null, path: string, maxWidth: number): string {
  const widths = IMAGE_WIDTHS.filter((w) => w <= maxWidth * 2)
  const list = widths.length > 0 ? widths : [IMAGE_WIDTHS[0]]
  return list.map((w) => `${imageUrl(host, path, w)} ${w}w`).join(', ')
}
