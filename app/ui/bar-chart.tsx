// No chart library and no client JavaScript; for assistive tech one image named in Thai, and the
// numbers as a table too (docs/decisions/0110-server-svg-charts.md).

export interface ChartBar {
  label: string
  value: number
  text: string
}

export const CHART_WIDTH = 320
const ROW = 36
const LABEL_Y = 13
const TRACK_Y = 20
const TRACK_H = 10
/** A bar above zero is never thinner than this, so it can be seen. */
const MIN_FILL = 3

export interface ChartRow extends ChartBar {
  y: number
  fill: number
}

export function chartRows(bars: readonly ChartBar[], max?: number): ChartRow[] {
  const top = max ?? Math.max(0, ...bars.map((bar) => bar.value))
  return bars.map((bar, i) => {
    const share = top > 0 && Number.isFinite(bar.value) ? bar.value / top : 0
    const fill = share <= 0 ? 0 : Math.max(MIN_FILL, Math.min(1, share) * CHART_WIDTH)
    return { ...bar, y: i * ROW, fill: Math.round(fill * 10) / 10 }
  })
}

export function chartLabel(title: string, bars: readonly ChartBar[]): string {
  return `${title}: ${bars.map((bar) => `${bar.label} ${bar.text}`).join(', ')}`
}

export function BarChart({
  title,
  bars,
  max,
  headers,
  tableId,
  label,
}: {
  title: string
  bars: readonly ChartBar[]
  max?: number
  headers: [string, string]
  tableId?: string
  label?: string
}) {
  const rows = chartRows(bars, max)
  const height = rows.length * ROW
  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-label={label ?? chartLabel(title, bars)}
        aria-describedby={tableId}
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        className="h-auto w-full"
        data-chart={title}
      >
        {rows.map((row) => (
          <g key={row.label} transform={`translate(0 ${row.y})`}>
            <text x="0" y={LABEL_Y} fontSize="12" fill="#cbd5e1">
              {row.label}
            </text>
            <text
              x={CHART_WIDTH}
              y={LABEL_Y}
              fontSize="12"
              fontWeight="700"
              textAnchor="end"
              fill="#ffe08a"
            >
              {row.text}
            </text>
            <rect
              y={TRACK_Y}
              width={CHART_WIDTH}
              height={TRACK_H}
              rx={TRACK_H / 2}
              fill="#1c2744"
            />
            {row.fill > 0 ? (
              <rect
                y={TRACK_Y}
                width={row.fill}
                height={TRACK_H}
                rx={TRACK_H / 2}
                fill="#f5b921"
                data-value={row.value}
              />
            ) : null}
          </g>
        ))}
      </svg>
      {tableId ? null : (
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{headers[0]}</th>
              <th scope="col">{headers[1]}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{bar.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  )
}
