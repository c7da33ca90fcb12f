import { Outlet } from '@remix-run/react'
import { GuestCard } from '~/ui/guest-card'

export default function GuestLayout() {
  return (
    <GuestCard>
      <Outlet />
    </GuestCard>
  )
}
