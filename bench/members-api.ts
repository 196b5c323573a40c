/**
 * The full member list through the API: GET /api/v1/organizations/{largeOrg}/members as the
 * admin, a few times one after another, reading the streamed body to its end. Reports the time to
 * the first byte and to the last, the size, and the server's RSS (sampled every 20 ms) against
 * its RSS before: a streamed list should not hold the whole answer in memory.
 */
import { cpuTimeMs, rssBytes } from './load'

const RUNS = 5

export interface MembersApiResult {
  members: number
  bytes: number
  /** Per run, ms. */
  firstByteMs: number[]
  totalMs: number[]
  serverCpuMs?: number
  rssBeforeMB: number
  rssMaxMB: number
}

export async function fullMemberList(
  baseUrl: string,
  cookie: string,
  serverPid: number,
  organizationId: string,
): Promise<MembersApiResult> {
  const rssBefore = rssBytes(serverPid) ?? NaN
  let rssMax = rssBefore
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, rssBytes(serverPid) ?? 0)
  }, 20)
  const firstByteMs: number[] = []
  const totalMs: number[] = []
  let bytes = 0
  let members = 0
  const cpuBefore = cpuTimeMs(serverPid)
  try {
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      const res = await fetch(`${baseUrl}/api/v1/organizations/${organizationId}/members`, { headers: { cookie } })
      if (!res.ok) throw new Error(`GET …/members answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
      const reader = res.body!.getReader()
      const chunks: Uint8Array[] = []
      let first: number | undefined
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        first ??= performance.now() - started
        chunks.push(r.value)
      }
      totalMs.push(performance.now() - started)
      firstByteMs.push(first ?? NaN)
      const body = Buffer.concat(chunks)
      bytes = body.length
      members = (JSON.parse(body.toString('utf8')) as unknown[]).length
    }
  } finally {
    clearInterval(sampler)
  }
  const cpuAfter = cpuTimeMs(serverPid)
  return {
    members,
    bytes,
    firstByteMs,
    totalMs,
    serverCpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / RUNS : undefined,
    rssBeforeMB: rssBefore / 1e6,
    rssMaxMB: rssMax / 1e6,
  }
}
