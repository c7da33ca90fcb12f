// Below the first screen on a phone: loaded with import() by the route (decision 0172).
import { formatBaht } from '~/lib/money'
import { BarChart } from '~/ui/bar-chart'
import { EmptyState } from '~/ui/states'
import type { AffiliateView } from './page.server'

export function MonthlyCommission({ periods }: { periods: AffiliateView['periods'] }) {
  return (
    <>
      <h3 className="pt-2 font-bold">ค่าคอมมิชชันรายเดือน</h3>
      {periods.length === 0 ? (
        <p className="text-sm text-slate-300">ยังไม่มีค่าคอมมิชชัน</p>
      ) : (
        <>
          {/* Newest month first, as in the table below (its numbers). */}
          <BarChart
            title="ค่าคอมมิชชันรายเดือน"
            bars={periods.map((p) => ({
              label: p.month,
              value: p.commission,
              text: formatBaht(p.commission),
            }))}
            headers={['เดือน', 'คอมมิชชัน']}
            tableId="commission-table"
          />
          <table id="commission-table" className="w-full text-sm">
            <thead>
              {/* A column's name is one line: the table gives it room (decision 0149). */}
              <tr className="whitespace-nowrap text-left text-slate-300">
                <th scope="col" className="py-1 font-normal">
                  เดือน
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  ยอดเล่นของเพื่อน
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  คอมมิชชัน
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-night-700">
              {periods.map((p) => (
                <tr key={p.month}>
                  <td className="py-2">{p.month}</td>
                  <td className="py-2 text-right">{formatBaht(p.turnover)}</td>
                  <td className="py-2 text-right font-bold">{formatBaht(p.commission)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  )
}

export function Referred({ referred }: { referred: AffiliateView['referred'] }) {
  return (
    <section className="space-y-2" aria-labelledby="referred-title">
      <h2 id="referred-title" className="text-lg font-bold">
        เพื่อนที่แนะนำ ({referred.length})
      </h2>
      {referred.length === 0 ? (
        <EmptyState title="ยังไม่มีเพื่อนที่สมัครผ่านลิงก์ของคุณ">
          แชร์ลิงก์ด้านบนให้เพื่อนเพื่อเริ่มรับค่าคอมมิชชัน
        </EmptyState>
      ) : (
        <ul className="card divide-y divide-night-700 py-1" data-testid="referred-list">
          {referred.map((r, i) => (
            <li key={i} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block truncate font-bold">{r.name}</span>
                <span className="block text-xs text-slate-300">สมัครเมื่อ {r.joined}</span>
              </span>
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${
                  r.active ? 'bg-success/20 text-success' : 'bg-night-700 text-slate-300'
                }`}
              >
                {r.active ? 'ใช้งานอยู่' : 'ไม่ได้ใช้งาน'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
