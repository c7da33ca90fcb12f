// docs/decisions/0109-support-line-account.md. The root's data is read directly, not through
// ~/ui/member: /login shows this link and carries no other member code.
import { useRouteLoaderData } from '@remix-run/react'
import type { RootData } from '~/ui/root-data'

const ASKS_FOR_SUPPORT = /ติดต่อ(ฝ่ายบริการ|เจ้าหน้าที่)/

export function asksForSupport(message: string | null | undefined): boolean {
  return !!message && ASKS_FOR_SUPPORT.test(message)
}

export function SupportLink({ className = 'btn-line w-full text-center' }: { className?: string }) {
  const line = useRouteLoaderData<RootData>('root')?.support.line
  if (!line) return null
  return (
    <a href={line.url} target="_blank" rel="noopener noreferrer" className={className}>
      {/* One child: buttons lay their children out in a row. */}
      <span>
        ติดต่อเจ้าหน้าที่ทาง LINE <span dir="ltr">{line.id}</span>
      </span>
    </a>
  )
}
