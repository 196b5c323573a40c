/**
 * The id of the build this code belongs to: `<package version>+<build time>` (vite.config.ts sets
 * it once per `npm run build`, the same for the browser and the server bundles). Outside a Vite
 * build (vitest) it is `0.0.0+dev`.
 */
declare const __BUILD_ID__: string | undefined
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : '0.0.0+dev'

/** How often an open page asks whether its build is still current (spec section 9). */
export const VERSION_CHECK_INTERVAL_MS = 10 * 60 * 1000
export const VERSION_CHECK_PATH = '/api/app-report/check-version'

/** The answer of the version check (spec section 3). */
export interface VersionCheckAnswer {
  enforceUpdate: boolean
  recommendUpdate: boolean
}
