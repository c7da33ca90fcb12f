import { Form } from '@remix-run/react'
import { formatBaht } from '~/lib/money'
import { PAGES } from '~/lib/pages'
import { Notice } from '~/ui/states'
import { INPUT_CLASS } from '~/forms/input-class'
import { BackLink } from '~/ui/back-link'
import { type SetPageView, WatcherNote, page, revision, total } from './shared'
import { Lines } from './lines'
import { AddLines } from './add-lines'
import { Rename } from './rename'
import { DeleteSet } from './delete-set'

export function SetPage({ view }: { view: SetPageView }) {
  const { set } = view
  return (
    <section className="space-y-4">
      <BackLink to={page.path}>{page.title}</BackLink>
      <h1 className="break-words text-2xl font-bold">{set.name}</h1>
      <p className="text-sm text-slate-300">
        {set.lines.length} รายการ · รวม {formatBaht(total(set))} · แก้ไขล่าสุด {view.updated[set.id]}
      </p>
      <WatcherNote />
      <UseSet view={view} />
      <Lines set={set} />
      {/* A saved change starts these forms afresh. */}
      <AddLines key={`add-${revision(set)}`} />
      <Rename key={`rename-${revision(set)}`} set={set} />
      <DeleteSet view={view} />
    </section>
  )
}

function UseSet({ view }: { view: SetPageView }) {
  if (view.typesError) return <Notice tone="warning">{view.typesError}</Notice>
  if (view.set.lines.length === 0 || view.types.length === 0) return null
  return (
    <Form method="get" action={PAGES.lottoStake.path} className="card space-y-3">
      <h2 className="font-bold">ใช้ชุดนี้แทงหวย</h2>
      <div className="space-y-1">
        <label htmlFor="use-lotto" className="block text-sm font-bold">
          ประเภทหวย
        </label>
        <select id="use-lotto" name="lotto" className={INPUT_CLASS}>
          {view.types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </select>
      </div>
      {/* After the select: the URL reads /lotto/stake?lotto=…&set=…. */}
      <input type="hidden" name="set" value={view.set.id} />
      <button type="submit" className="btn-primary w-full">
        ใช้ชุดนี้
      </button>
    </Form>
  )
}

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
