import { useNavigation } from '@remix-run/react'
import type { StakeSet } from '~/backend/lotto.schemas'
import { lineKey } from '~/forms/stake-set-forms'
import { PAGES } from '~/lib/pages'
import { useWatchedMember } from '~/ui/member'
import { Notice } from '~/ui/states'
import type { SetsView } from './page.server'

/** The route's page (route.tsx names it too). */
export const page = PAGES.lottoStakeSet

export function useBusy(): boolean {
  const navigation = useNavigation()
  return navigation.state === 'submitting'
}

export const total = (set: StakeSet) => set.lines.reduce((sum, line) => sum + line.amount, 0)

/**
 * Changes with every saved change, even two within one second (the
 * backend's updatedAt is to the second): keys the forms that start afresh.
 */
export const revision = (set: StakeSet) =>
  [set.updatedAt, set.name, ...set.lines.map((line) => `${lineKey(line)}=${line.amount}`)].join('|')

export function WatcherNote() {
  return useWatchedMember() ? (
    <Notice tone="warning">โหมดผู้ดูแล: ดูชุดตัวเลขได้อย่างเดียว ไม่สามารถสร้างหรือแก้ไขได้</Notice>
  ) : null
}

export type SetPageView = Extract<SetsView, { kind: 'set' }>
