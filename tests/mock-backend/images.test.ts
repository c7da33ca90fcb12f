import { describe, expect, it } from 'vitest'
import { drawImage, imageReply } from './images'

describe('the demo image host', () => {
  it('draws a picture of the asked width with the kind’s ratio', () => {
    const svg = drawImage('/img/banners/welcome.svg', '720')
    expect(svg).toContain('width="720" height="360"')
    expect(drawImage('/img/games/pg-1.svg', '160')).toContain('width="160" height="160"')
  })

  it('draws the same picture for the same name, another for another name', () => {
    expect(drawImage('/img/games/pg-1.svg', '160')).toBe(drawImage('/img/games/pg-1.svg', '160'))
    expect(drawImage('/img/games/pg-1.svg', '160')).not.toBe(
      drawImage('/img/games/pg-2.svg', '160'),
    )
  })

  it('keeps widths within bounds and falls back on a bad one', () => {
    expect(drawImage('/img/games/a.svg', '99999')).toContain('width="2048"')
    expect(drawImage('/img/games/a.svg', 'abc')).toContain('width="320"')
  })

  it('knows no unknown kind or odd name', () => {
    expect(drawImage('/img/secret/a.svg', null)).toBeNull()
    expect(drawImage('/img/games/../x.svg', null)).toBeNull()
    expect(imageReply(new URL('http://h/img/games/a.png'))).toBeNull()
  })

  it('serves SVG that browsers may cache', () => {
    const reply = imageReply(new URL('http://h/img/games/a.svg?w=160'))
    expect(reply).toMatchObject({ kind: 'file', contentType: 'image/svg+xml' })
  })
})
