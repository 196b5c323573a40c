/**
 * What `npm run bench` loads, in order, one after another. Adding a route is one line here.
 *
 * - The scenario marked `baseline` is the minimal route; every other scenario's throughput is
 *   reported as a ratio of it.
 * - The scenario marked `reference` is the smallest page (/hello-world, served in production
 *   because the server gets ENABLE_DEV_ROUTES=1): it has no targets, and every page's
 *   throughput is also reported relative to it (information: what the page adds to the
 *   document pipeline that every Remix page pays).
 * - Pages (the other scenarios) get DEFAULT_PAGE_TARGETS unless `targets` overrides them;
 *   `clientJs: false` skips the client-JS size measurement for a scenario (e.g. a JSON route).
 * - `cookie` is a Cookie header, or a function called once the server is up, e.g.
 *   `cookie: signInCookie('admin@bench.test', 'password123')` (see ./auth.ts) after the lead
 *   has added a seed step in ./database.ts.
 */
import type { CookieSource } from './auth'

export interface Targets {
  /** Minimum throughput as a fraction of the baseline's req/s. */
  minRatio?: number
  /** Maximum RSS of the server process while this scenario is under load, in MB (10^6 bytes). */
  maxRssMB?: number
  /** Maximum gzip size of the JavaScript this page loads, in kB (1000 bytes). */
  maxClientJsKB?: number
}

export interface Scenario {
  name: string
  path: string
  cookie?: CookieSource
  baseline?: boolean
  reference?: boolean
  /** Measure the page's client JavaScript (default: true for non-baseline scenarios). */
  clientJs?: boolean
  /** HTTP status every response must have (default 200). */
  expectStatus?: number
  targets?: Targets
}

export const DEFAULT_PAGE_TARGETS: Targets = { minRatio: 0.7, maxRssMB: 200, maxClientJsKB: 110 }
export const BASELINE_TARGETS: Targets = {}

export const scenarios: Scenario[] = [
  { name: 'minimal', path: '/healthz', baseline: true },
  { name: 'hello-world', path: '/hello-world', reference: true },
  { name: 'signin', path: '/signin' },
  // { name: 'members', path: '/organizations/<id>/members', cookie: signInCookie('admin@bench.test', '...') },
]

export function targetsOf(s: Scenario): Targets {
  return { ...(s.baseline || s.reference ? BASELINE_TARGETS : DEFAULT_PAGE_TARGETS), ...s.targets }
}
