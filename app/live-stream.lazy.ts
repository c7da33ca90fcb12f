// What the browser loads once a shell page is interactive (./routes/_default.tsx). Re-exporting the
// first loads keeps the modules both reach in their chunks (decision 0148), not split off into others.
export { LiveStream } from '~/ui/live/live-stream'
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
