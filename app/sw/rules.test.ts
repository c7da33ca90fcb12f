import { describe, expect, it } from 'vitest'
import { cacheName, mayKeep, OFFLINE_PAGE, requestKind, staleCaches } from './rules'

const ORIGIN = 'https://member.example.com'
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode })

describe('requestKind', () => {
  it('keeps only the hashed build files', () => {
    expect(requestKind(get('/build/_shared/chunk-ABC123.js'), ORIGIN)).toBe('build')
    expect(requestKind(get('/build/root-XYZ.css', 'no-cors'), ORIGIN)).toBe('build')
    // A query is not a file of the build.
    expect(requestKind(get('/build/a.js?v=1'), ORIGIN)).toBe('network')
  })

  it('sends documents to the network, with the offline page behind them', () => {
    expect(requestKind(get('/', 'navigate'), ORIGIN)).toBe('navigation')
    expect(requestKind(get('/transaction?tab=deposit', 'navigate'), ORIGIN)).toBe('navigation')
  })

  it('never answers a member data request, the stream, a write or another origin', () => {
    for (const path of [
      '/_root.data',
      '/coupon.data?_routes=x',
      '/events',
      '/sw.js',
      '/offline.html',
    ]) {
      expect(requestKind(get(path), ORIGIN), path).toBe('network')
    }
    expect(requestKind({ method: 'POST', url: `${ORIGIN}/coupon`, mode: 'navigate' }, ORIGIN)).toBe(
      'network',
    )
    expect(requestKind({ method: 'POST', url: `${ORIGIN}/build/a.js`, mode: 'cors' }, ORIGIN)).toBe(
      'network',
    )
    expect(
      requestKind(
        { method: 'GET', url: 'https://img.example.com/build/a.png', mode: 'no-cors' },
        ORIGIN,
      ),
    ).toBe('network')
    expect(requestKind({ method: 'GET', url: 'not a url', mode: 'cors' }, ORIGIN)).toBe('network')
  })
})

describe('caches', () => {
  it('one cache per build; the others of the app are stale, other caches are left alone', () => {
    const current = cacheName('9FE0CCEE')
    expect(current).toBe('app-build-9FE0CCEE')
    expect(
      staleCaches(['app-build-88BF08A8', current, 'someone-else', 'app-build-old'], current),
    ).toEqual(['app-build-88BF08A8', 'app-build-old'])
  })

  it('keeps only whole same-origin answers', () => {
    expect(mayKeep({ ok: true, status: 200, type: 'basic' })).toBe(true)
    expect(mayKeep({ ok: true, status: 206, type: 'basic' })).toBe(false)
    expect(mayKeep({ ok: false, status: 404, type: 'basic' })).toBe(false)
    expect(mayKeep({ ok: false, status: 0, type: 'opaque' })).toBe(false)
  })

  it('the offline page is a public file', () => {
    expect(OFFLINE_PAGE).toBe('/offline.html')
  })
})
