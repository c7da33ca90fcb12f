import { describe, expect, it } from 'vitest'
import { asErrorPage, httpError } from '~/server/http-error.server'
import { plainPage, plainPageHeaders } from '~/server/plain-page.server'

describe('the plain Thai page', () => {
  it('shows the status, the message escaped, a link home and the request id', () => {
    const page = plainPage(400, 'คำขอ <b>"ผิด"</b>', 'abc123xy')
    expect(page).toContain('lang="th"')
    expect(page).toContain('<h1>คำขอ &#60;b&#62;&#34;ผิด&#34;&#60;/b&#62;</h1>')
    expect(page).toContain('<a href="/">กลับหน้าแรก</a>')
    expect(page).toContain('<span data-testid="request-id">abc123xy</span>')
  })

  it('has one set of headers; with the body, its length in bytes (Thai is three a letter)', () => {
    const body = plainPage(413, 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป', 'abc123xy')
    const headers = plainPageHeaders('abc123xy', body)
    expect(headers).toMatchObject({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'X-Request-Id': 'abc123xy',
    })
    expect(Number(headers['Content-Length'])).toBeGreaterThan(body.length)
    expect(plainPageHeaders('abc123xy')).not.toHaveProperty('Content-Length')
  })
})

describe('asErrorPage', () => {
  it('a thrown error Response becomes the plain page, its cookies and status kept', async () => {
    const thrown = httpError(404, 'This page could not be found')
    thrown.headers.append('Set-Cookie', 'a=1; Path=/')
    const page = (await asErrorPage(thrown, 'abc123xy')) as Response
    expect(page.status).toBe(404)
    expect(page.headers.get('Set-Cookie')).toBe('a=1; Path=/')
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('Content-Length')).toBeNull()
    expect(page.headers.get('Cache-Control')).toBe('private, no-store')
    expect(page.headers.get('X-Request-Id')).toBe('abc123xy')
    expect(page.headers.get('X-Frame-Options')).toBe('DENY')
    const html = await page.text()
    expect(html).toContain('<h1>ไม่พบหน้าที่คุณต้องการ</h1>')
    expect(html).not.toContain('could not be found')
  })

  it('keeps a Cache-Control of its own; a redirect or a non-error goes on as it is', async () => {
    const thrown = httpError(400, 'คำขอไม่ถูกต้อง')
    thrown.headers.set('Cache-Control', 'no-store')
    const page = (await asErrorPage(thrown, 'abc123xy')) as Response
    expect(page.headers.get('Cache-Control')).toBe('no-store')
    const redirect = new Response(null, { status: 302, headers: { Location: '/' } })
    expect(await asErrorPage(redirect, 'abc123xy')).toBe(redirect)
    const error = new Error('x')
    expect(await asErrorPage(error, 'abc123xy')).toBe(error)
  })
})
