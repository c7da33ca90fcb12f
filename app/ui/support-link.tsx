/**
 * The way to reach support: the LINE official account the configuration
 * service names (docs/decisions/0109-support-line-account.md), from the root
 * loader's data. Nothing when the operator names none.
 */
import { useRootData } from '~/ui/member'

export function SupportLink({ className = 'btn-line w-full text-center' }: { className?: string }) {
  const line = useRootData()?.support.line
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
