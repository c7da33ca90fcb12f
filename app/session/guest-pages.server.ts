/**
 * The server side of the guest pages (/login, /register, /forget, /watcher,
 * /line/callback), through one module. In the browser build every `.server`
 * module a route imports becomes an empty stand-in chunk of its own (about
 * 100 bytes and one request each); importing through this one module keeps
 * the login page's first load to one such chunk instead of five.
 */
export { BackendError } from '~/backend/client.server'
export * from '~/backend/password-reset.server'
export { checkAvailability, listBanks, registrationFieldError } from '~/backend/registration.server'
export * from '~/forms/progress.server'
export { readFormData } from '~/lib/form-data.server'
export { dataWithToast, redirectWithToast, toastCookie } from '~/lib/toast.server'
export { guard } from '~/session/guard.server'
export {
  checkLineState,
  clearLineState,
  lineAuthorizeRedirect,
  lineRedirectUri,
} from '~/session/line.server'
export { loginAttempt, loginLimitMessage, loginSucceeded } from '~/session/login-limits.server'
export {
  LoginError,
  loginLocal,
  loginWithLine,
  loginWithToken,
  registerLocal,
} from '~/session/strategies.server'
