// The tabs, rendered statically on the server; the browser's build empties this module and loads
// only the open tab's chunk (decision 0172).
export * from './deposit'
export * from './withdraw'
export * from './history'
