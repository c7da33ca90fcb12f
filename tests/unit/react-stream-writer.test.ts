/**
 * React's Node stream writer as patches/react-dom+*.patch changes it (docs/decisions/0127):
 * what one flush renders reaches the destination as one string (React 18.3
 * encoded every chunk into 2 KB views: about twenty writes and a TextEncoder
 * call per chunk for the home page), and a destination that already ended is
 * not ended again when it closes (React 18.3 called end() twice: an
 * ERR_STREAM_ALREADY_FINISHED error made, with its stack, for every page).
 * Both builds: the one vitest loads (development) and the server's (production).
 * Unpatched, both tests fail (six writes, two ends).
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Writable } from 'node:stream'
import { createElement } from 'react'
import * as developmentServer from 'react-dom/server'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

type Server = Pick<typeof developmentServer, 'renderToPipeableStream'>

const require = createRequire(import.meta.url)
const productionServer = require(
  join(dirname(require.resolve('react-dom/server')), 'cjs/react-dom-server.node.production.min.js'),
) as Server

const page = createElement(
  'main',
  { className: 'mx-auto max-w-screen-sm' },
  ...Array.from({ length: 120 }, (_, i) =>
    createElement('a', { key: i, href: `/lotto/stake?lotto=${i}` }, `หวยงวดที่ ${i} ปิดรับ 15:30`),
  ),
)

describe.each([
  ['development', developmentServer as Server],
  ['production', productionServer],
])('React %s build', (_name, server) => {
  it('hands a page finished in one go to its destination as one write, and ends it once', async () => {
    const writes: string[] = []
    let ends = 0
    const errors: unknown[] = []
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString('utf8'))
        callback()
      },
    })
    const end = destination.end.bind(destination)
    destination.end = ((...args: Parameters<Writable['end']>) => {
      ends += 1
      return end(...args)
    }) as Writable['end']
    destination.on('error', (error) => errors.push(error))
    const closed = new Promise((resolve) => destination.on('close', resolve))
    const { pipe } = server.renderToPipeableStream(page, {
      onAllReady() {
        pipe(destination)
      },
    })
    await closed
    // Let React's close handler run (it used to end the stream a second time).
    await new Promise((resolve) => setImmediate(resolve))
    expect(writes).toHaveLength(1)
    expect(writes[0]).toBe(renderToString(page))
    expect(ends).toBe(1)
    expect(errors).toEqual([])
  })
})
