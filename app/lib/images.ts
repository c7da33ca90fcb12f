// The host resizes by `?w=`; width and height are always set so nothing shifts as images load.

/** Few, so browsers and the host cache well. */
export const IMAGE_WIDTHS = [160, 320, 480, 720, 960] as const

export function imageUrl(host: string | null, path: string, width: number): string {
  const base = host ? host.replace(/\/+$/, '') : ''
  const sep = path.includes('?') ? '&' : '?'
  return `${base}${path}${sep}w=${width}`
}

export function imageSrcSet(host: string | null, path: string, maxWidth: number): string {
  const widths = IMAGE_WIDTHS.filter((w) => w <= maxWidth * 2)
  const list = widths.length > 0 ? widths : [IMAGE_WIDTHS[0]]
  return list.map((w) => `${imageUrl(host, path, w)} ${w}w`).join(', ')
}
