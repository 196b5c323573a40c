/**
 * POST /api/telemetry with a batch of 100 events (the most a batch holds; ~12 kB of JSON), from a
 * few concurrent clients, as many requests as one client address may send before the per-client
 * limit (services/platform/telemetry.server.ts TELEMETRY_PER_CLIENT) answers 429: the figure is the stored
 * path (validation, rate-limit count, one insert of 100 rows), not the refusal. Reports the
 * latency percentiles (ms, measured here with performance.now) and the server CPU per request.
 * Target (issue 12): p99 < 20 ms.
 */
import { cpuTimeMs } from './load'

export const TELEMETRY_REQUESTS = 500
export const TELEMETRY_CONCURRENCY = 4
export const TELEMETRY_MAX_P99_MS = 20

export interface TelemetryBenchResult {
  requests: number
  events: number
  bodyBytes: number
  statuses: Record<string, number>
  p50Ms: number
  p90Ms: number
  p99Ms: number
  maxMs: number
  serverCpuMsPerRequest?: number
}

const VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const

export function telemetryBody(events = 100) {
  return JSON.stringify({
    appVersion: '0.1.0+bench',
    events: Array.from({ length: events }, (_, i) =>
      i % 10 === 9
        ? {
            kind: 'error',
            name: 'error',
            route: '/organizations/:id/members',
            message: `TypeError: cannot read properties of undefined (reading 'x${i}')`,
          }
        : {
            kind: 'vital',
            name: VITALS[i % 5],
            route: `/organizations/:id/${['members', 'groups', 'group-creators'][i % 3]}`,
            value: VITALS[i % 5] === 'CLS' ? 0.05 : 800 + i,
          },
    ),
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

export async function telemetryBatch(baseUrl: string, serverPid?: number): Promise<TelemetryBenchResult> {
  const body = telemetryBody()
  const post = () =>
    fetch(`${baseUrl}/api/telemetry`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl }, body })
  // Warm-up (not counted against the figures, but against the client's budget).
  for (let i = 0; i < 20; i++) await (await post()).arrayBuffer()
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let next = 0
  const cpuBefore = serverPid !== undefined ? cpuTimeMs(serverPid) : undefined
  await Promise.all(
    Array.from({ length: TELEMETRY_CONCURRENCY }, async () => {
      while (next < TELEMETRY_REQUESTS) {
        next++
        const started = performance.now()
        const res = await post()
        await res.arrayBuffer()
        latencies.push(performance.now() - started)
        statuses[res.status] = (statuses[res.status] ?? 0) + 1
      }
    }),
  )
  const cpuAfter = serverPid !== undefined ? cpuTimeMs(serverPid) : undefined
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    requests: latencies.length,
    events: 100,
    bodyBytes: Buffer.byteLength(body),
    statuses,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1)!,
    serverCpuMsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / latencies.length : undefined,
  }
}
