// docs/decisions/0139.
export type WatchEnd =
  'button' | 'limit' | 'staff-session' | 'supervisor' | 'revoked' | 'turned-off'

export const WATCH_END_TEXT: Readonly<Record<WatchEnd, string>> = {
  button: 'เจ้าหน้าที่กดจบการดู',
  limit: 'ครบเวลาที่กำหนด',
  'staff-session': 'เซสชันเจ้าหน้าที่สิ้นสุด',
  supervisor: 'หัวหน้าฝ่ายบริการจบการดู',
  revoked: 'ระบบหลังบ้านยกเลิกสิทธิ์',
  'turned-off': 'ปิดการดูด้วยโทเค็น',
}
