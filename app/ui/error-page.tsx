/**
 * The root error boundary: 404, 500, route-check and backend errors, shown
 * as the original did (status and message as the title, a link home on a
 * 404) with a short request id to quote to support. If rendering the error
 * page itself fails, a plain fallback page is shown.
 */
import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { Component, type ReactNode } from 'react'
import {
  BAD_REQUEST_MESSAGE,
  BODY_TOO_LARGE_MESSAGE,
  ERROR_PAGE_FAILED_TITLE,
  METHOD_NOT_ALLOWED_MESSAGE,
  errorMessage,
  errorStatus,
  isAppErrorBody,
  NOT_FOUND_MESSAGE,
} from '~/lib/errors'
import { refusedRouteModuleError } from '~/lib/load-chunk'
import { useRequestId } from '~/lib/request-id-context'

export interface ShownError {
  status: number
  message: string
}

/**
 * Thai for the statuses Remix and the HTTP layer answer with English text of
 * their own ("You made a POST request to ... but did not provide an
 * `action` for route ...", "Bad Request").
 */
const THAI_STATUS_MESSAGE: Record<number, string> = {
  400: BAD_REQUEST_MESSAGE,
  405: METHOD_NOT_ALLOWED_MESSAGE,
  413: BODY_TOO_LARGE_MESSAGE,
}

/** What the page shows for an error caught by a boundary. */
export function describeError(error: unknown): ShownError {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: NOT_FOUND_MESSAGE }
    // Remix's own error responses carry an Error (English) as their data.
    if (isAppErrorBody(error.data) && !(error.data instanceof Error)) {
      return { status: error.status, message: error.data.message || 'Error' }
    }
    // Not the app's own error body: Remix's or the HTTP layer's English text.
    const thai = THAI_STATUS_MESSAGE[error.status]
    if (thai) return { status: error.status, message: thai }
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText
    return { status: error.status, message: message || 'Error' }
  }
  return { status: errorStatus(error), message: errorMessage(error) || 'Internal Server Error' }
}

const THAI_HINT: Record<number, string> = {
  404: 'ไม่พบหน้าที่คุณต้องการ',
  500: 'เกิดข้อผิดพลาดในระบบ',
  502: 'ระบบหลักไม่พร้อมใช้งานชั่วคราว',
  503: 'ทีมงานกำลังปรับปรุงระบบ ส่วนอื่นยังใช้งานได้ตามปกติ',
  504: 'ระบบหลักตอบสนองช้าเกินไป',
}

/** Thai script: a message without it is one of the spec's English texts. */
const THAI = /[\u0E00-\u0E7F]/

export function ErrorPage({
  status,
  message,
  requestId,
  hint = THAI_HINT[status],
}: ShownError & { requestId: string; hint?: string }) {
  return (
    <main
      id="main"

      className="mx-auto flex min-h-dvh max-w-app flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <p className="text-6xl font-bold text-gold-400" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-xl font-bold" lang={THAI.test(message) ? undefined : 'en'}>
        {message}
      </h1>
      {hint ? <p className="text-slate-300">{hint}</p> : null}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary" reloadDocument={status >= 500}>
          กลับหน้าแรก
        </Link>
      </div>
      {requestId ? (
        <p className="text-sm text-slate-400">
          รหัสอ้างอิง{' '}
          <span data-testid="request-id" className="font-mono text-slate-200">
            {requestId}
          </span>
        </p>
      ) : null}
    </main>
  )
}

/** Shown when the error page itself cannot render. No router, no data: plain HTML. */
export function ErrorPageFallback({ detail }: { detail: string }) {
  return (
    <main className="mx-auto max-w-app p-6">
      <h1 className="text-xl font-bold" lang="en">
        {ERROR_PAGE_FAILED_TITLE}
      </h1>
      <p className="mt-2" lang="en">
        Another error happened while showing the error page.
      </p>
      <p className="mt-1 text-slate-300">
        เกิดข้อผิดพลาดซ้ำขณะแสดงหน้าแจ้งข้อผิดพลาด กรุณากลับหน้าแรกแล้วลองใหม่
      </p>
      <pre className="mt-4 whitespace-pre-wrap break-words text-sm text-slate-300">{detail}</pre>
      <p className="mt-4">
        <a href="/" className="link">
          กลับหน้าแรก
        </a>
      </p>
    </main>
  )
}

interface GuardProps {
  children: ReactNode
}
interface GuardState {
  failure: string | null
}

/** Catches a failure while rendering the error page. */
export class ErrorPageGuard extends Component<GuardProps, GuardState> {
  state: GuardState = { failure: null }
  static getDerivedStateFromError(error: unknown): GuardState {
    return { failure: errorMessage(error) || String(error) }
  }
  render() {
    if (this.state.failure !== null) return <ErrorPageFallback detail={this.state.failure} />
    return this.props.children
  }
}

function RoutedErrorPage() {
  const error = useRouteError()
  const requestId = useRequestId()
  return <ErrorPage {...describeError(error)} requestId={requestId} />
}

export function RootErrorBoundary() {
  return (
    <ErrorPageGuard>
      <RoutedErrorPage />
    </ErrorPageGuard>
  )
}

export const ROUTE_MODULE_FAILED_HINT =
  'โหลดหน้านี้ไม่สำเร็จ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่อีกครั้ง'

function RouteModuleFailurePage({ error }: { error: unknown }) {
  const requestId = useRequestId()
  return (
    <ErrorPage {...describeError(error)} hint={ROUTE_MODULE_FAILED_HINT} requestId={requestId} />
  )
}

/**
 * The root's HydrateFallback. React Router renders it when a matched route's
 * module has not loaded, which in this app (no clientLoader) happens only
 * after a navigation whose route module failed to load and the chunk reload
 * guard refused a second reload within 60 s: it shows that error.
 */
export function RouteModuleFailure() {
  const failure = refusedRouteModuleError()
  if (!failure) return null
  return (
    <ErrorPageGuard>
      <RouteModuleFailurePage error={failure.error} />
    </ErrorPageGuard>
  )
}
