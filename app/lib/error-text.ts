// Thai first: a message without Thai (the spec's English texts) gets its status's Thai title.
import { isRouteErrorResponse } from '@remix-run/react'
import {
  BAD_REQUEST_MESSAGE,
  BODY_TOO_LARGE_MESSAGE,
  EXPECTATION_FAILED_MESSAGE,
  HEADERS_TOO_LARGE_MESSAGE,
  METHOD_NOT_ALLOWED_MESSAGE,
  REQUEST_TIMEOUT_MESSAGE,
  errorMessage,
  errorStatus,
  isAppErrorBody,
  NOT_FOUND_MESSAGE,
} from '~/lib/errors'

export interface ShownError {
  status: number
  message: string
}

/** For statuses Remix and the HTTP layer answer in English or with no text (Node's parser: 408, 417, 431). */
export const THAI_STATUS_MESSAGE = {
  400: BAD_REQUEST_MESSAGE,
  405: METHOD_NOT_ALLOWED_MESSAGE,
  408: REQUEST_TIMEOUT_MESSAGE,
  413: BODY_TOO_LARGE_MESSAGE,
  417: EXPECTATION_FAILED_MESSAGE,
  431: HEADERS_TOO_LARGE_MESSAGE,
} as const satisfies Record<number, string>

export type ThaiStatus = keyof typeof THAI_STATUS_MESSAGE

function thaiStatusMessage(status: number): string | undefined {
  return (THAI_STATUS_MESSAGE as Record<number, string | undefined>)[status]
}

export function describeError(error: unknown): ShownError {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: NOT_FOUND_MESSAGE }
    // Remix's own error responses carry an Error (English) as their data.
    if (isAppErrorBody(error.data) && !(error.data instanceof Error)) {
      return { status: error.status, message: error.data.message || 'Error' }
    }
    // Not the app's own error body: Remix's or the HTTP layer's English text.
    const thai = thaiStatusMessage(error.status)
    if (thai) return { status: error.status, message: thai }
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText
    return { status: error.status, message: message || 'Error' }
  }
  return { status: errorStatus(error), message: errorMessage(error) || 'Internal Server Error' }
}

export const THAI_HINT: Record<number, string> = {
  404: 'ไม่พบหน้าที่คุณต้องการ',
  500: 'เกิดข้อผิดพลาดในระบบ',
  502: 'ระบบหลักไม่พร้อมใช้งานชั่วคราว',
  503: 'ทีมงานกำลังปรับปรุงระบบ ส่วนอื่นยังใช้งานได้ตามปกติ',
  504: 'ระบบหลักตอบสนองช้าเกินไป',
}

const THAI = /[\u0E00-\u0E7F]/

const GENERIC_TITLE = 'เกิดข้อผิดพลาด'

export function errorTitle({ status, message }: ShownError): string {
  return THAI.test(message) ? message : (THAI_HINT[status] ?? GENERIC_TITLE)
}

function errorDocumentTitle(shown: ShownError): string {
  const title = errorTitle(shown)
  return title === shown.message ? title : `${title} (${shown.message})`
}

/** An error page's document title (app/lib/meta.ts). */
export function errorTitleOf(error: unknown): string {
  return errorDocumentTitle(describeError(error))
}
