/**
 * Thai text across React's 2 KB stream views (docs/decisions/0090).
 *
 * React 18.3's Node stream writer encodes strings into 2,048-byte views with
 * `encodeInto`; when a 3-byte Thai character did not fit the last one or two
 * bytes of a view, it wrote the whole view, unfilled tail included: one or
 * two 0x00 bytes in the page ("��" in the browser; fixed in React 19,
 * facebook/react#26228). patches/react-dom+*.patch, in both builds, hands
 * what one flush renders to the destination as one string (decision 0127,
 * which replaced 0090's backport), so no character can be split; it stays
 * while React is 18. Unpatched, all six tests fail (0x00 at byte 2046).
 *
 * These render a page of short Thai texts, shifted byte by byte so that a
 * Thai character straddles every 2 KB boundary in one of the runs, through
 * what the app uses (renderToPipeableStream into compression.server.ts'
 * documentBody, plain and compressed), with the build vitest loads
 * (development) and the one the server loads (production).
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createElement, type ReactElement } from 'react'
import * as developmentServer from 'react-dom/server'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { documentBody } from '~/server/compression.server'

type Server = Pick<typeof developmentServer, 'renderToPipeableStream'>

const require = createRequire(import.meta.url)
/** The file react-dom/server loads under NODE_ENV=production (server.mjs), beside the one vitest loads. */
const productionServer = require(
  join(dirname(require.resolve('react-dom/server')), 'cjs/react-dom-server.node.production.min.js'),
) as Server

/** Under 683 characters: React encodes it into its current view (longer strings are written apart). */
const THAI = 'ค้นหาชื่อเกม โปรโมชั่น ผลหวย ข่าวสาร '.repeat(5)
const PARAGRAPHS = 24
/** Enough shifts to move every boundary through every byte of a Thai character and past the tags. */
const SHIFTS = 12

function page(shift: number): ReactElement {
  return createElement(
    'main',
    null,
    createElement('span', null, 'x'.repeat(shift)),
    ...Array.from({ length: PARAGRAPHS }, (_, i) => createElement('p', { key: i }, THAI)),
  )
}

async function stream(server: Server, element: ReactElement, acceptEncoding: string | null) {
  const headers = new Headers()
  const request = new Request('http://app.test/', {
    headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
  })
  const { sink, source } = documentBody(request, headers)
  const chunks: Buffer[] = []
  source.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    source.once('end', resolve)
    source.once('error', reject)
  })
  await new Promise<void>((resolve, reject) => {
    const { pipe } = server.renderToPipeableStream(element, {
      onAllReady() {
        pipe(sink)
        resolve()
      },
      onShellError: reject,
    })
  })
  await ended
  const body = Buffer.concat(chunks)
  const encoding = headers.get('Content-Encoding')
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  return body
}

describe.each([
  ['development', developmentServer as Server],
  ['production', productionServer],
])('React %s build', (_name, server) => {
  it.each([null, 'gzip', 'br'])(
    'streams Thai straddling each 2 KB boundary byte for byte (Accept-Encoding %s)',
    async (acceptEncoding) => {
      for (let shift = 0; shift < SHIFTS; shift++) {
        const element = page(shift)
        const bytes = await stream(server, element, acceptEncoding)
        // Long enough to cross several 2 KB views.
        expect(bytes.length).toBeGreaterThan(4 * 2048)
        expect(bytes.indexOf(0), `0x00 with shift ${shift}`).toBe(-1)
        const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
        expect(text).toBe(renderToString(element))
      }
    },
  )
})
