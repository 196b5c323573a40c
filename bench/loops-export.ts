/**
 * The export of a group's loops (docs/group-work.md "Export", issue 36): GET
 * /api/v3/groups/{workGroup}/loops/export for the 30,000 loops of "Storgruppen (500 medlemmar)" as
 * its owner (admin@example.se), as CSV and as .xlsx with the text, read to the end; the .xlsx once
 * more by a slow client (a pause after each chunk). Reports the size, the time and the server's RSS
 * before and at most meanwhile (sampled every 20 ms): a streamed export holds one batch of
 * loops, so its RSS stays near the idle one whatever the number of loops and however slow the
 * client.
 */
import { cpuTimeMs, rssBytes } from './load'

export interface LoopsExportRun {
  format: 'csv' | 'xlsx'
  slowClient: boolean
  bytes: number
  totalMs: number
  serverCpuMs?: number
  rssBeforeMB: number
  rssMaxMB: number
}

async function one(baseUrl: string, cookie: string, pid: number, groupId: string, format: 'csv' | 'xlsx', slowClient: boolean) {
  const rssBefore = rssBytes(pid) ?? NaN
  let rssMax = rssBefore
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, rssBytes(pid) ?? 0)
  }, 20)
  const cpuBefore = cpuTimeMs(pid)
  const started = performance.now()
  let bytes = 0
  try {
    const res = await fetch(`${baseUrl}/api/v3/groups/${groupId}/loops/export?format=${format}&text=true`, { headers: { cookie } })
    if (!res.ok) throw new Error(`GET …/loops/export answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    const reader = res.body!.getReader()
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      bytes += r.value.length
      if (slowClient) await new Promise((resolve) => setTimeout(resolve, 5))
    }
  } finally {
    clearInterval(sampler)
  }
  const cpuAfter = cpuTimeMs(pid)
  return {
    format,
    slowClient,
    bytes,
    totalMs: performance.now() - started,
    serverCpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
    rssBeforeMB: rssBefore / 1e6,
    rssMaxMB: rssMax / 1e6,
  }
}

export async function loopsExport(baseUrl: string, cookie: string, pid: number, groupId: string): Promise<LoopsExportRun[]> {
  const runs: LoopsExportRun[] = []
  for (const [format, slow] of [
    ['csv', false],
    ['xlsx', false],
    ['xlsx', true],
  ] as const)
    runs.push(await one(baseUrl, cookie, pid, groupId, format, slow))
  return runs
}
