// Colours as getComputedStyle answers them; alpha is ignored.
export type Rgb = [number, number, number]

export function parseColor(color: string): Rgb {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color.trim())
  if (hex) return [1, 2, 3].map((i) => parseInt(hex[i] ?? '0', 16)) as Rgb
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(color.trim())
  if (rgb) return [1, 2, 3].map((i) => Number(rgb[i])) as Rgb
  throw new Error(`not a colour: ${color}`)
}

export function luminance(color: string): number {
  const [r, g, b] = parseColor(color).map((c) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export function hue(color: string): number {
  const [r, g, b] = parseColor(color).map((c) => c / 255) as Rgb
  const max = Math.max(r, g, b)
  const d = max - Math.min(r, g, b)
  if (d === 0) return 0
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return (h * 60 + 360) % 360
}

/** How far apart two hues are around the colour wheel, 0 to 180 degrees. */
export function hueDistance(a: string, b: string): number {
  const d = Math.abs(hue(a) - hue(b)) % 360
  return d > 180 ? 360 - d : d
}
