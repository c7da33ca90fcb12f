#!/usr/bin/env node
/**
 * `node scripts/make-icons.mjs`: the app's PNG icons (public/icons/) from its
 * mark, the star of public/favicon.svg, drawn with resvg. Run it again when
 * the mark changes and commit the PNGs.
 *
 * - icon-192.png, icon-512.png (manifest, purpose "any"): the favicon's
 *   rounded night tile with the gold star.
 * - icon-maskable-512.png (purpose "maskable"): a full-bleed night square, the
 *   star inside the central circle of 40 % radius that every mask keeps.
 * - apple-touch-icon.png (180 px): full bleed as well; iOS rounds the
 *   corners itself and shows transparency as black.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'

const root = new URL('..', import.meta.url).pathname
const favicon = readFileSync(`${root}public/favicon.svg`, 'utf8')
const star = /<path d="([^"]+)" fill="([^"]+)"/.exec(favicon)
const tile = /<rect [^>]*fill="([^"]+)"/.exec(favicon)
if (!star || !tile) throw new Error('public/favicon.svg: no star path or tile found')
const [, starPath, gold] = star
const [, night] = tile

/** The star scaled by `scale` about the tile's centre (16, 16) of the 32-unit mark. */
function mark({ rounded, scale }) {
  const background = rounded
    ? `<rect width="32" height="32" rx="7" fill="${night}"/>`
    : `<rect width="32" height="32" fill="${night}"/>`
  const move = 16 - 16 * scale
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}<path transform="translate(${move} ${move + 0.3 * scale}) scale(${scale})" d="${starPath}" fill="${gold}"/></svg>`
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark({ rounded: true, scale: 1 }) },
  { file: 'icon-512.png', size: 512, svg: mark({ rounded: true, scale: 1 }) },
  // The star reaches 11.7 units from the centre at scale 1; 0.8 keeps it at
  // 29 % of the width from the centre, well inside the 40 % safe circle.
  { file: 'icon-maskable-512.png', size: 512, svg: mark({ rounded: false, scale: 0.8 }) },
  { file: 'apple-touch-icon.png', size: 180, svg: mark({ rounded: false, scale: 0.85 }) },
]

for (const { file, size, svg } of icons) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
  writeFileSync(`${root}public/icons/${file}`, png)
  console.log(`public/icons/${file}: ${size}x${size}, ${png.length} bytes`)
}
