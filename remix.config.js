/**
 * `npm run dev` (scripts/dev.mjs) sets REMIX_DEV_BUILD=1: the dev server then
 * builds into build-dev/ and public/build-dev/, so a development build never
 * lands where `npm start` serves the production one (build/, public/build/).
 */
const dev = process.env.REMIX_DEV_BUILD === '1'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  serverModuleFormat: 'esm',
  tailwind: true,
  postcss: true,
  ...(dev
    ? {
        serverBuildPath: 'build-dev/index.js',
        assetsBuildDirectory: 'public/build-dev',
        publicPath: '/build-dev/',
      }
    : {}),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
