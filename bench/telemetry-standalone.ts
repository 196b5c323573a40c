/**
 * The telemetry step alone, against a server already running (e.g. `npm start`):
 *   npx tsx bench/telemetry-standalone.ts http://127.0.0.1:3000 [server pid]
 * `npm run bench` runs the same step (./telemetry.ts) on its own server.
 */
import { TELEMETRY_MAX_P99_MS, telemetryBatch } from './telemetry'

const [baseUrl = 'http://127.0.0.1:3000', pid] = process.argv.slice(2)
const result = await telemetryBatch(baseUrl, pid ? Number(pid) : undefined)
console.info(JSON.stringify(result, null, 2))
console.info(result.p99Ms < TELEMETRY_MAX_P99_MS ? `p99 under ${TELEMETRY_MAX_P99_MS} ms` : `p99 over ${TELEMETRY_MAX_P99_MS} ms`)
