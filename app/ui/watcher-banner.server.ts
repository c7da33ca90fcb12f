// Imported statically for the server's render; empty in the browser's build, which loads
// ~/ui/watcher-banner only while a watch is on (app/routes/_default.tsx).
export * from '~/ui/watcher-banner'
