/**
 * The member shell's part of the first load: what the pages inside the shell
 * (routes/_default.*) nearly all import, in one shared file (decision 0148;
 * app/first-load.ts tells how). Every route under the shell re-exports
 * `firstLoad` (patches/@remix-run+dev+*.patch); the guest pages do not load
 * it. Only what nearly every page of the shell loads belongs here.
 */
import { AppShell } from '~/ui/app-shell'
import { Countdown } from '~/ui/countdown'
import { Words } from '~/ui/words'

export const firstLoad = [AppShell, Countdown, Words]
