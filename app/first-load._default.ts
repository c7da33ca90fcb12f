// Decision 0148 (app/first-load.ts tells how); only what nearly every page of the shell loads belongs here.
import { AppShell } from '~/ui/app-shell'
import { Countdown } from '~/ui/countdown'
import { Words } from '~/ui/words'

export const firstLoad = [AppShell, Countdown, Words]
