import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SITE_NAME } from '~/lib/meta'

export function GuestCard({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-8">
      <header>
        <Link to="/" className="text-2xl font-bold text-gold-400">
          {SITE_NAME}
        </Link>
      </header>
      <main id="main" className="card w-full max-w-sm">
        {children}
      </main>
    </div>
  )
}
