// @vitest-environment jsdom
/**
 * The root error boundary as Remix renders it: routes from createRemixStub
 * whose loaders throw, the boundary being the app's RootErrorBoundary.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import {
  ERROR_PAGE_FAILED_TITLE,
  METHOD_NOT_ALLOWED_MESSAGE,
  NOT_FOUND_MESSAGE,
} from '~/lib/errors'
import { installRequestIds } from '~/browser/request-id.client'
import { guard } from '~/security/guard'
import { describeError } from '~/lib/error-text'
import { RootErrorBoundary } from '~/ui/error-page'

const DOCUMENT_REQUEST_ID = 'abc234xyz'

beforeAll(() => {
  // The browser reads the document's request id from this meta tag.
  const meta = document.createElement('meta')
  meta.name = 'request-id'
  meta.content = DOCUMENT_REQUEST_ID
  document.head.append(meta)
  installRequestIds()
})

afterEach(cleanup)

/** The app's shape: a root with the root error boundary, one page at `path`. */
function renderApp(
  path: string,
  loader?: (args: LoaderFunctionArgs) => unknown,
  openAt: string = path,
) {
  const Stub = createRemixStub([
    {
      id: 'root',
      path: '/',
      Component: () => <Outlet />,
      ErrorBoundary: RootErrorBoundary,
      children: [
        { index: true, Component: () => <h1>หน้าแรก</h1> },
        {
          path: path.slice(1),
          loader: loader as never,
          Component: () => <h1>page</h1>,
        },
      ],
    },
  ])
  return render(<Stub initialEntries={[openAt]} />)
}

/** The big status number (aria-hidden) and the title. */
async function shownError() {
  const title = await screen.findByRole('heading', { level: 1 })
  const main = title.closest('main')
  if (!main) throw new Error('no <main> around the title')
  const status = main.querySelector('[aria-hidden="true"]')?.textContent
  // The spec's English text follows a Thai title; a Thai message is the title itself.
  const english = main.querySelector('[data-testid="error-message"]')
  return { title: title.textContent, message: (english ?? title).textContent, status, main }
}

describe('root error boundary', () => {
  it('a URL no route matches: 404, the fixed message and a link home', async () => {
    renderApp('/page', () => null, '/no-such-page')
    const { title, message, status, main } = await shownError()
    expect(status).toBe('404')
    // Thai first, the spec's English text after it (marked lang="en").
    expect(title).toBe('ไม่พบหน้าที่คุณต้องการ')
    expect(message).toBe(NOT_FOUND_MESSAGE)
    expect(within(main).getByText(NOT_FOUND_MESSAGE).getAttribute('lang')).toBe('en')
    expect(within(main).getByRole('link', { name: 'กลับหน้าแรก' }).getAttribute('href')).toBe('/')
  })

  it('a validity check answering 404 through guard(): the same 404 page', async () => {
    renderApp('/order', (args) =>
      guard(args, { access: 'public', validate: () => false }, () => null),
    )
    const { message, status } = await shownError()
    expect(status).toBe('404')
    expect(message).toBe(NOT_FOUND_MESSAGE)
  })

  it.each([
    ['statusCode', { statusCode: 418 }, 418],
    ['status', { status: 409 }, 409],
    ['response.status', { response: { status: 503 } }, 503],
    ['statusCode before status', { statusCode: 410, status: 409 }, 410],
    ['none of them', {}, 500],
  ])('a thrown error with %s shows that status and its message', async (_, fields, expected) => {
    renderApp('/thrown', () => {
      throw Object.assign(new Error(`Thrown with ${JSON.stringify(fields)}`), fields)
    })
    const { message, status } = await shownError()
    expect(status).toBe(String(expected))
    expect(message).toBe(`Thrown with ${JSON.stringify(fields)}`)
  })

  it('a thrown string is its own message (status 500)', async () => {
    renderApp('/string', () => {
      throw 'Plain string failure'
    })
    const { message, status } = await shownError()
    expect(status).toBe('500')
    expect(message).toBe('Plain string failure')
  })

  it('the same rules hold for errors a handler throws inside guard()', async () => {
    renderApp('/guarded', (args) =>
      guard(args, { access: 'public' }, () => {
        throw Object.assign(new Error('Gone for good'), { response: { status: 410 } })
      }),
    )
    const { message, status } = await shownError()
    expect(status).toBe('410')
    expect(message).toBe('Gone for good')
  })

  it('an unknown route check: 500 "Unknown middleware NAME"', async () => {
    renderApp('/checked', (args) =>
      guard(
        args,
        { access: 'public', checks: ['noSuchCheck'] },
        // The chain stops: the handler never runs.
        () => {
          throw new Error('the handler ran')
        },
      ),
    )
    const { message, status, main } = await shownError()
    expect(status).toBe('500')
    expect(message).toBe('Unknown middleware noSuchCheck')
    expect(within(main).getByText('เกิดข้อผิดพลาดในระบบ')).toBeTruthy()
  })

  it('a failure while rendering the error page: the plain fallback with a link home', async () => {
    // React and jsdom report the render error; keep the output clean.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const quiet = (event: ErrorEvent) => event.preventDefault()
    window.addEventListener('error', quiet)
    onTestFinished(() => window.removeEventListener('error', quiet))
    renderApp('/broken', () => {
      // Reading the message (as the error page does) throws.
      throw {
        status: 500,
        get message(): string {
          throw new Error('message getter exploded')
        },
      }
    })
    const title = await screen.findByRole('heading', { level: 1 })
    expect(title.textContent).toBe(ERROR_PAGE_FAILED_TITLE)
    expect(screen.getByText('Another error happened while showing the error page.')).toBeTruthy()
    expect(screen.getByText('message getter exploded')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'กลับหน้าแรก' }).getAttribute('href')).toBe('/')
  })

  it('shows the request id to quote to support', async () => {
    renderApp('/with-id', () => {
      throw Object.assign(new Error('Backend said no'), { status: 502 })
    })
    const { main } = await shownError()
    expect(within(main).getByTestId('request-id').textContent).toBe(DOCUMENT_REQUEST_ID)
    expect(within(main).getByText(/รหัสอ้างอิง/)).toBeTruthy()
  })
})

/** An error response as React Router hands it to a boundary (what isRouteErrorResponse accepts). */
function errorResponse(status: number, statusText: string, data: unknown) {
  return { status, statusText, data, internal: true }
}

describe('describeError: no English technical text reaches a member', () => {
  // What Remix itself throws for a POST to a page without an action.
  const remix405 = errorResponse(
    405,
    'Method Not Allowed',
    new Error(
      'You made a POST request to "/" but did not provide an `action` for route "root", so there is no way to handle the request.',
    ),
  )
  it("Remix's 405 shows a Thai message", () => {
    expect(describeError(remix405)).toEqual({ status: 405, message: METHOD_NOT_ALLOWED_MESSAGE })
  })
  it('a bare "Bad Request" shows Thai', () => {
    const shown = describeError(errorResponse(400, 'Bad Request', null))
    expect(shown.status).toBe(400)
    expect(shown.message).not.toMatch(/[A-Za-z]/)
  })
  it("the app's own message is kept", () => {
    const own = errorResponse(400, 'Bad Request', { message: 'ข้อมูลไม่ครบ' })
    expect(describeError(own)).toEqual({ status: 400, message: 'ข้อมูลไม่ครบ' })
  })
})
