// The two views, rendered statically on the server; the browser's build empties this module and
// loads only the shown view's chunk (decision 0172).
export * from './set-list'
export * from './set-page'
