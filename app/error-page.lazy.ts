// What the browser loads on use (./error-boundaries.tsx). Re-exporting the first load keeps the
// modules both reach in the first load's one chunk (decision 0148), not split off into another.
export * from '~/ui/error-page'
export { errorTitleOf } from '~/lib/error-text'
export { firstLoad as __firstLoad } from '~/first-load'
