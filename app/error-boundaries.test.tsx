// @vitest-environment jsdom
/** The error boundaries as the browser has them: the error page loaded on use (decision 0171). */
import { Outlet } from '@remix-run/react'
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, screen } from '@testing-library/react'
import type { ComponentType } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorContentBoundary, provideErrorUi, RootErrorBoundary } from '~/error-boundaries'

// The browser's build: the server's static import is an empty module.
vi.mock('~/ui/error-page.server', () => ({ RootErrorBoundary: undefined }))

afterEach(cleanup)

function renderNotFound(ErrorBoundary: ComponentType) {
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      Component: () => <Outlet />,
      ErrorBoundary,
      children: [
        {
          path: 'missing',
          loader: () => {
            throw new Response(null, { status: 404 })
          },
          Component: () => <h1>page</h1>,
        },
      ],
    },
  ])
  render(<Stub initialEntries={['/missing']} />)
}

describe('the error boundaries in the browser', () => {
  it('without the chunk, say so in Thai with a way home', async () => {
    provideErrorUi(() => Promise.reject(new Error('offline')))
    renderNotFound(RootErrorBoundary)
    expect(await screen.findByRole('heading', { name: 'เกิดข้อผิดพลาด' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'กลับหน้าแรก' }).getAttribute('href')).toBe('/')
  })

  it('show the error page once its chunk has come', async () => {
    // Fetched (and transformed) before the render: on a busy machine the first import of the chunk's
    // module graph took longer than `findByRole`'s wait. The boundary still loads it through lazy().
    const chunk = await import('~/error-page.lazy')
    provideErrorUi(() => Promise.resolve(chunk))
    renderNotFound(ErrorContentBoundary)
    expect(await screen.findByRole('heading', { name: 'ไม่พบหน้าที่คุณต้องการ' })).toBeTruthy()
    // The routes' `meta` had no title for it yet: the document gets the error's own.
    expect(document.title).toBe('ไม่พบหน้าที่คุณต้องการ (This page could not be found) | คลับสมาชิก')
  })
})
