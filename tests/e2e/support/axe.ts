/**
 * Left out of the page-wide axe scans: sonner's toasts come and go over any
 * page and are scanned mid-fade (opacity) when an action's toast is showing.
 * feedback.spec.ts checks where a toast shows and that it leaves.
 */
export const TOASTS = '[data-sonner-toaster]'
