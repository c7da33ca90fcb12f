// Status and message as the original product derived them.

export const NOT_FOUND_MESSAGE = 'This page could not be found'
export const ERROR_PAGE_FAILED_TITLE = 'An error occurred while showing the error page'
export const CROSS_SITE_MESSAGE = 'คำขอนี้ถูกปฏิเสธ เนื่องจากส่งมาจากเว็บไซต์อื่น'
export const BODY_TOO_LARGE_MESSAGE = 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป'
/** A request the app cannot read (400 without a message of the app's own). */
export const BAD_REQUEST_MESSAGE = 'คำขอไม่ถูกต้อง กรุณาลองใหม่อีกครั้ง'
export const METHOD_NOT_ALLOWED_MESSAGE = 'หน้านี้ไม่รองรับการส่งข้อมูลแบบนี้'
/** Headers over Node's 16 KB limit: in practice, too many or too large cookies. */
export const HEADERS_TOO_LARGE_MESSAGE =
  'ข้อมูลที่เบราว์เซอร์ส่งมามีขนาดใหญ่เกินไป กรุณาล้างคุกกี้ของเว็บไซต์นี้แล้วลองใหม่'
export const REQUEST_TIMEOUT_MESSAGE = 'หมดเวลารอคำขอ กรุณาลองใหม่อีกครั้ง'
export const EXPECTATION_FAILED_MESSAGE = 'เซิร์ฟเวอร์ไม่รองรับคำขอแบบนี้ กรุณาลองใหม่อีกครั้ง'
export const BOTH_TOKENS_EXPIRED_MESSAGE =
  'Both token and refresh token have expired. Your request was aborted.'

export function unknownMiddlewareMessage(name: string): string {
  return `Unknown middleware ${name}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function validStatus(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599
    ? value
    : undefined
}

export function errorStatus(error: unknown): number {
  if (!isRecord(error)) return 500
  const response = isRecord(error.response) ? error.response : undefined
  return (
    validStatus(error.statusCode) ??
    validStatus(error.status) ??
    validStatus(response?.status) ??
    500
  )
}

export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (isRecord(error) && typeof error.message === 'string') return error.message
  return ''
}

/** Told apart without importing @remix-run/node. */
export function isDataWithResponseInit(value: unknown): boolean {
  return isRecord(value) && value.type === 'DataWithResponseInit'
}

export interface AppErrorBody {
  message: string
  /** Thai text for the member, when the message itself is not meant for them. */
  detail?: string
}

export function isAppErrorBody(value: unknown): value is AppErrorBody {
  return isRecord(value) && typeof value.message === 'string'
}
