import { httpError } from '~/lib/http-error.server'

export const MALFORMED_FORM_MESSAGE = 'ข้อมูลที่ส่งมาไม่ถูกต้อง กรุณาลองใหม่อีกครั้ง'

/** The posted form; a body that is no form (JSON, broken multipart) is a Thai 400, not a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw httpError(400, MALFORMED_FORM_MESSAGE)
  }
}
