// docs/decisions/0138.
import { isFailure, type Device, type ShownTimelineEntry } from '~/lib/timeline'

const DEVICE_TEXT: Readonly<Record<Device, string>> = {
  phone: 'มือถือ',
  tablet: 'แท็บเล็ต',
  desktop: 'คอมพิวเตอร์',
  bot: 'บอท',
  other: 'อื่น ๆ',
}

export function TimelineTable({
  entries,
  caption,
}: {
  entries: readonly ShownTimelineEntry[]
  caption: string
}) {
  if (entries.length === 0) {
    return <p className="text-sm text-slate-300">ยังไม่มีคำขอที่บันทึกไว้</p>
  }
  return (
    // A table wider than a phone scrolls sideways in a region the keyboard can reach.
    <div
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-night-700"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-night-900 text-xs text-slate-300">
          <tr>
            <th scope="col" className="p-2">
              เวลา
            </th>
            <th scope="col" className="p-2">
              คำขอ
            </th>
            <th scope="col" className="p-2">
              ผล
            </th>
            <th scope="col" className="p-2">
              รหัสอ้างอิง
            </th>
            <th scope="col" className="p-2">
              ใช้เวลา
            </th>
            <th scope="col" className="p-2">
              เครื่องบริการ
            </th>
            <th scope="col" className="p-2">
              อุปกรณ์
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-night-700">
          {entries.map((entry) => {
            const failed = isFailure(entry)
            return (
              <tr
                key={`${entry.requestId}-${entry.at}`}
                data-failed={failed || undefined}
                className={failed ? 'bg-danger/10' : undefined}
              >
                <td className="whitespace-nowrap p-2">{entry.when}</td>
                <td className="p-2 font-mono text-xs">
                  {entry.method} {entry.path}
                  {entry.query ? `?${entry.query}` : ''}
                </td>
                <td className="whitespace-nowrap p-2">
                  {failed ? (
                    <strong className="text-danger">ผิดพลาด {entry.status}</strong>
                  ) : (
                    entry.status
                  )}
                  {entry.errorCode ? (
                    <span className="block font-mono text-xs">{entry.errorCode}</span>
                  ) : null}
                </td>
                <td className="p-2 font-mono text-xs">{entry.requestId}</td>
                <td className="whitespace-nowrap p-2">{Math.round(entry.durationMs)} ms</td>
                <td className="p-2 font-mono text-xs">{entry.instance}</td>
                <td className="p-2">{DEVICE_TEXT[entry.device]}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
