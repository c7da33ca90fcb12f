// What the browser loads during a watch (./routes/_default.tsx). Re-exporting the first loads keeps the
// modules both reach in their chunks (decision 0148), not split off into others.
export { WatcherBanner } from '~/ui/watcher-banner'
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
