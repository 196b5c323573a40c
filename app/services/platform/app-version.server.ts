import { BUILD_ID, type VersionCheckAnswer } from '~/utils/build-id'
import { env } from '~/env.server'

/**
 * The version check (spec sections 3, 7 and 9; ADR 011). A page sends the build id it runs
 * (`<version>+<build time>`, utils/build-id.ts) every 10 minutes; the server compares it with its own:
 * - enforceUpdate: the page's major version differs from the server's (the API may have changed
 *   under it), or its version is below MIN_APP_VERSION (a fix every page must have);
 * - recommendUpdate: the build differs at all (a deploy happened since the page loaded); also true
 *   whenever enforceUpdate is.
 * An id that is not ours (no `x.y.z` at its start) is treated as the oldest possible: enforce.
 */
export const runningBuildId = () => env().APP_BUILD_ID ?? BUILD_ID

type Version = [number, number, number]
function versionOf(buildId: string): Version | null {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[+-]|$)/.exec(buildId)
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null
}
const below = (a: Version, b: Version) => (a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2])

export function checkVersion(appVersion: string, running = runningBuildId(), minimum = env().MIN_APP_VERSION): VersionCheckAnswer {
  const page = versionOf(appVersion)
  const server = versionOf(running)
  const floor = minimum ? versionOf(minimum) : null
  const enforceUpdate = !page || (server !== null && page[0] !== server[0]) || (floor !== null && below(page, floor))
  return { enforceUpdate, recommendUpdate: enforceUpdate || appVersion !== running }
}
