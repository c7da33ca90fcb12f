import type { AuditEventType } from '~/backend/audit.schemas'

/** In the page and the CSV (decision 0152). */
export const AUDIT_EVENT_TEXT: Readonly<Record<AuditEventType, string>> = {
  'watch-start': 'เริ่มดูหน้าจอ',
  'watch-view': 'เปิดหน้า',
  'watch-end': 'จบการดู',
  'login-limited': 'ชะลอการเข้าสู่ระบบ',
  'watch-start-limited': 'เริ่มดูถี่เกินกำหนด',
}
