import { mkdtempSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildVersionIn } from '~/server/release.server'
import { serveServiceWorker, workerSource } from '~/server/service-worker.server'

function answer(method: string, url: string, file: string, release = 'ABC.one') {
  const sent: { status?: number; headers?: Record<string, string>; body?: Buffer } = {}
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      sent.status = status
      sent.headers = headers
    },
    end(body?: Buffer) {
      sent.body = body
    },
  } as unknown as ServerResponse
  const served = serveServiceWorker({ method, url } as IncomingMessage, res, file, release)
  return { served, ...sent }
}

describe('/sw.js', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-'))
  const file = join(dir, 'sw.js')
  writeFileSync(file, '"use strict";(()=>{})();')

  it('is the release first, then the bundle, never cached without asking', () => {
    const { served, status, headers, body } = answer('GET', '/sw.js', file)
    expect(served).toBe(true)
    expect(status).toBe(200)
    expect(headers?.['Cache-Control']).toBe('no-cache')
    expect(headers?.['Content-Type']).toBe('text/javascript; charset=utf-8')
    expect(body?.toString()).toBe('self.APP_RELEASE="ABC.one";\n"use strict";(()=>{})();')
    expect(headers?.['Content-Length']).toBe(String(body?.length))
  })

  it('another release is other bytes: the browser installs a new worker', () => {
    const one = answer('GET', '/sw.js', file, 'ABC.one').body
    const two = answer('GET', '/sw.js?x=1', file, 'ABC.two').body
    expect(two?.equals(one as Buffer)).toBe(false)
    expect(workerSource(Buffer.from('x'), 'a"b').toString()).toBe('self.APP_RELEASE="a\\"b";\nx')
  })

  it('leaves other paths, writes and a build without the file to the rest of the server', () => {
    expect(answer('GET', '/sw.json', file).served).toBe(false)
    expect(answer('POST', '/sw.js', file).served).toBe(false)
    expect(answer('GET', '/sw.js', join(dir, 'missing.js')).served).toBe(false)
    expect(answer('HEAD', '/sw.js', file).body).toBeUndefined()
  })
})

describe('buildVersionIn', () => {
  it("reads the build's version from Remix's manifest name", () => {
    expect(buildVersionIn(['_shared', 'entry.client-X.js', 'manifest-9FE0CCEE.js'])).toBe(
      '9FE0CCEE',
    )
    expect(buildVersionIn(['root-X.js'])).toBeNull()
  })
})
