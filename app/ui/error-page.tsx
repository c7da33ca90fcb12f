// Thai first, the spec's English text kept under a Thai title
// (docs/decisions/0107-error-page-in-the-shell.md).
import { Link, useRouteError } from '@remix-run/react'
import { Component, type ReactNode } from 'react'
import { describeError, errorTitle, THAI_HINT, type ShownError } from '~/lib/error-text'
import { ERROR_PAGE_FAILED_TITLE, errorMessage } from '~/lib/errors'
import { refusedRouteModuleError } from '~/browser/load-chunk'
import { useRequestId } from '~/ui/use-request-id'
import { useErrorShownInLayout } from '~/ui/loading-bar'

type ErrorPageProps = ShownError & { requestId: string; hint?: string }

function ErrorContent({ status, message, requestId, hint = THAI_HINT[status] }: ErrorPageProps) {
  const title = errorTitle({ status, message })
  return (
    <div data-error-content="" className="flex flex-col items-center gap-4 py-10 text-center">
      <p className="text-6xl font-bold text-gold-400" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-xl font-bold">{title}</h1>
      {title === message ? null : (
        <p lang="en" className="font-bold text-slate-200" data-testid="error-message">
          {message}
        </p>
      )}
      {hint && hint !== title ? <p className="text-slate-300">{hint}</p> : null}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary" reloadDocument={status >= 500}>
          กลับหน้าแรก
        </Link>
      </div>
      {requestId ? (
        <p className="text-sm text-slate-400">
          รหัสอ้างอิง{' '}
          <span data-testid="request-id" className="font-mono text-slate-200" translate="no">
            {requestId}
          </span>
        </p>
      ) : null}
    </div>
  )
}

function ErrorPage(props: ErrorPageProps) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-app flex-col items-center justify-center p-6"
    >
      <ErrorContent {...props} />
    </main>
  )
}

/** No router, no data: plain HTML. */
function ErrorPageFallback({ detail }: { detail: string }) {
  return (
    <main data-error-content="" className="mx-auto max-w-app p-6">
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

class ErrorPageGuard extends Component<GuardProps, GuardState> {
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

function RoutedErrorContent() {
  const error = useRouteError()
  const requestId = useRequestId()
  useErrorShownInLayout()
  return <ErrorContent {...describeError(error)} requestId={requestId} />
}

export function ErrorContentBoundary() {
  return (
    <ErrorPageGuard>
      <RoutedErrorContent />
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
 * React Router renders it only when a route module has not loaded (no clientLoader here): after a
 * failed module load whose second reload within 60 s the chunk reload guard refused.
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
