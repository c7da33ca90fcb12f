import { EmptyState } from '~/ui/states'
import type { YeekeeWorkingOut } from '~/backend/lotto.schemas'
import { formatCount } from '~/lib/money'
import { bangkokClock } from '~/lib/thai-date'
import { YEEKEE_SUBTRACTED_SHOT } from '~/lotto/yeekee'

/** The round's shots and how the result is worked out: below the shot form on a phone. */
export type Shot = { seq: number; number: string; by: string; at: string; time?: string }

export function ShotList({
  shots,
  shotCount,
  newest,
}: {
  shots: Shot[]
  shotCount: number
  newest: Shot | undefined
}) {
  return (
    <section aria-labelledby="shots-title" className="space-y-2">
      <h2 id="shots-title" className="flex items-baseline justify-between text-lg font-bold">
        เลขที่ยิงล่าสุด
        <span className="text-sm font-normal text-slate-300" data-testid="shot-count">
          ทั้งหมด {shotCount} ครั้ง
        </span>
      </h2>
      {shots.length === 0 ? (
        <EmptyState title="ยังไม่มีใครยิงเลข">เป็นคนแรกที่ยิงเลขในรอบนี้</EmptyState>
      ) : (
        <ol className="card divide-y divide-night-700 p-0" data-testid="shots">
          {shots.map((shot, row) => (
            // Keyed by row, not by shot: a shot that comes live rewrites the
            // rows' text in place and adds one at the end, so nothing on the
            // screen moves down (no layout shift, decision 0169).
            <li
              key={row}
              className="grid grid-cols-[3rem_1fr_auto] items-center gap-2 px-4 py-2"
              data-testid="shot"
            >
              <span className="text-xs text-slate-400">#{shot.seq}</span>
              <span className="min-w-0">
                <span className="block font-mono text-lg font-bold tracking-widest">
                  {shot.number}
                </span>
                <span className="block truncate text-xs text-slate-300">{shot.by}</span>
              </span>
              <span className="text-xs tabular-nums text-slate-300">
                {shot.time ?? bangkokClock(shot.at)}
              </span>
            </li>
          ))}
        </ol>
      )}
      {/* The list's rows are rewritten in place: the newest shot is what is said. */}
      <p className="sr-only" aria-live="polite" data-testid="newest-shot">
        {newest ? `เลขใหม่ #${newest.seq} ${newest.number} โดย ${newest.by}` : ''}
      </p>
    </section>
  )
}

export function HowDrawn() {
  return (
    <section aria-labelledby="rule-title" className="card space-y-1 text-sm text-slate-300">
      <h2 id="rule-title" className="font-bold text-slate-100">
        วิธีออกผล
      </h2>
      <p>นำเลขที่สมาชิกยิงทั้งหมดในรอบมารวมกัน แล้วลบด้วยเลขที่ยิงเป็นลำดับที่ {YEEKEE_SUBTRACTED_SHOT}</p>
      <p>3 ตัวบน คือ 3 หลักสุดท้ายของผลลัพธ์ และ 2 ตัวล่าง คือ 2 หลักถัดไปทางซ้าย</p>
      <p>ถ้ารอบใดมีผู้ยิงไม่ถึง {YEEKEE_SUBTRACTED_SHOT} ครั้ง ระบบจะยิงเพิ่มให้ครบเมื่อปิดรับ</p>
    </section>
  )
}

export function Working({ working }: { working: YeekeeWorkingOut }) {
  return (
    <section aria-labelledby="working-title" className="card space-y-3" data-testid="working">
      <h2 id="working-title" className="text-lg font-bold">
        ผลการออกรางวัล
      </h2>
      <div className="grid grid-cols-2 gap-2 text-center">
        <p className="rounded-xl bg-night-800 p-2">
          <span className="block text-xs text-slate-300">3 ตัวบน</span>
          <span className="font-mono text-2xl font-bold text-gold-300">{working.threeTop}</span>
        </p>
        <p className="rounded-xl bg-night-800 p-2">
          <span className="block text-xs text-slate-300">2 ตัวล่าง</span>
          <span className="font-mono text-2xl font-bold text-gold-300">{working.twoBottom}</span>
        </p>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-300">ผลรวมเลขที่ยิง ({working.shots} ครั้ง)</dt>
        <dd className="text-right font-mono">{formatCount(working.sum)}</dd>
        <dt className="text-slate-300">ลบ เลขที่ยิงลำดับที่ {YEEKEE_SUBTRACTED_SHOT}</dt>
        <dd className="text-right font-mono">{working.sixteenth}</dd>
        <dt className="text-slate-300">ผลลัพธ์</dt>
        <dd className="text-right font-mono font-bold">{formatCount(working.difference)}</dd>
      </dl>
    </section>
  )
}

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
