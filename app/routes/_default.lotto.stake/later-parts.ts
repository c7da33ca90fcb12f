// Not in the first load (decision 0172): the เลขอั้น list hydrates when it comes (nothing in it
// answers a tap), the slip is below the entry form on a phone, the confirm dialog opens after a post.
export { LimitedList } from './limited-list'
export { Slip } from './slip-form'
export { Confirm } from './confirm'

// Loaded with import() (decision 0172): it reaches the first load as a route module does, so esbuild
// keeps the shared files whole.
export { firstLoad as __firstLoad } from '~/first-load'
export { firstLoad as __layoutFirstLoad } from '~/first-load._default'
