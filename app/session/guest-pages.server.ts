/**
 * The server side of the guest pages that share a chunk in the browser
 * (/login, /watcher, /line/callback), through one module. In the browser
 * build every `.server` module a route imports becomes an empty stand-in
 * chunk of its own (about 100 bytes and one request each); importing through
 * this one module keeps the login page's first load to one such chunk
 * (docs/decisions/0007-first-load-js-budget.md). /register and /forget import
 * only their own `steps.server.ts`, which stays inside their route chunk.
 */
export { readFormData } from '~/lib/form-data.server'
export { redirectWithToast } from '~/lib/toast.server'
export { guard } from '~/session/guard.server'
export {
  checkLineState,
  clearLineState,
  lineAuthorizeRedirect,
  lineRedirectUri,
  LINE_LINK_RETURN,
} from '~/session/line.server'
export { linkLine, lineRefusal, PROFILE_MESSAGES } from '~/backend/profile.server'
export { loginAttempt, loginLimitMessage, loginSucceeded } from '~/session/login-limits.server'
export { LoginError, loginAsWatcher, loginLocal, loginWithLine } from '~/session/strategies.server'
export { loginAction } from '~/session/login-action.server'
