// The arrow is decoration: the link's name is its words.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="link text-sm">
        <span aria-hidden="true">‹ </span>
        {children}
      </Link>
    </p>
  )
}
