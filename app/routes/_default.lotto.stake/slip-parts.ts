// Below the entry form on a phone, or shown after a post: one chunk, not in the first load.
export { Slip } from './slip-form'
export { Confirm } from './confirm'

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
