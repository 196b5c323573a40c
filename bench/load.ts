/** Load one URL with autocannon while sampling the server's RSS. */
import autocannon, { type Result } from 'autocannon'
import { readFileSync } from 'node:fs'

export interface LoadOptions {
  url: string
  connections: number
  durationSec: number
  headers?: Record<string, string>
  /** Pid whose VmRSS is sampled during the run (every `rssIntervalMs`). */
  pid?: number
  rssIntervalMs?: number
}

export interface LoadResult {
  reqPerSec: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyAvgMs: number
  requests: number
  durationSec: number
  errors: number
  timeouts: number
  non2xx: number
  statusCodes: Record<string, number>
  rss?: { maxMB: number; avgMB: number; startMB: number; endMB: number; samples: number }
  /**
   * CPU used during the run, in % of one core: by the server, by this process (autocannon) and by
   * every other process on the machine. A high `otherPct` means the figures are disturbed.
   */
  cpu?: { serverPct: number; benchPct: number; otherPct: number; cores: number; serverMsPerRequest?: number }
}

let current: { stop: () => void } | undefined

/** Ends a running load (Ctrl-C). */
export function stopLoad() {
  current?.stop()
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  const sampler = opts.pid !== undefined ? sampleRss(opts.pid, opts.rssIntervalMs ?? 250) : undefined
  const cpuBefore = cpuSnapshot(opts.pid)
  let result: Result
  try {
    const instance = autocannon({
      url: opts.url,
      connections: opts.connections,
      duration: opts.durationSec,
      headers: opts.headers,
      timeout: 10,
    })
    current = instance
    result = await instance
  } finally {
    current = undefined
    sampler?.stop()
  }
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]))
  return {
    reqPerSec: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    requests: result.requests.total,
    durationSec: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    rss: sampler?.summary(),
    cpu: cpuUsage(cpuBefore, cpuSnapshot(opts.pid), result.requests.total),
  }
}

// ---- CPU accounting from /proc (clock ticks: 100 per second, i.e. 10 ms, on Linux) -------------

interface CpuSnapshot {
  at: number
  busyTicks: number
  serverTicks: number
  selfTicks: number
  cores: number
}

function cpuSnapshot(pid: number | undefined): CpuSnapshot | undefined {
  try {
    const stat = readFileSync('/proc/stat', 'utf8')
    const cpu = stat.split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
    // user nice system idle iowait irq softirq steal: busy = all but idle and iowait
    const busyTicks = cpu.slice(0, 8).reduce((a, b) => a + b, 0) - cpu[3] - cpu[4]
    const cores = stat.split('\n').filter((l) => /^cpu\d/.test(l)).length
    return {
      at: Date.now(),
      busyTicks,
      serverTicks: pid ? procTicks(pid) : 0,
      selfTicks: procTicks(process.pid),
      cores,
    }
  } catch {
    return undefined
  }
}

/** CPU time (user + system) a process has used so far, in ms (10 ms resolution); undefined if gone. */
export function cpuTimeMs(pid: number): number | undefined {
  try {
    return procTicks(pid) * 10
  } catch {
    return undefined
  }
}

function procTicks(pid: number): number {
  // Fields after the ")" of the command name: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(f[11]) + Number(f[12])
}

/**
 * CPU use between two snapshots, and the server's CPU time per request (ms): unlike req/s that
 * hardly depends on what else runs on the machine, so its ratios stay meaningful on a busy one.
 */
function cpuUsage(a: CpuSnapshot | undefined, b: CpuSnapshot | undefined, requests: number): LoadResult['cpu'] {
  if (!a || !b || b.at <= a.at) return undefined
  const ticks = ((b.at - a.at) / 1000) * 100
  const pct = (t: number) => Math.max(0, (t / ticks) * 100)
  const server = b.serverTicks - a.serverTicks
  const self = b.selfTicks - a.selfTicks
  return {
    serverPct: pct(server),
    benchPct: pct(self),
    otherPct: pct(b.busyTicks - a.busyTicks - server - self),
    cores: b.cores,
    serverMsPerRequest: requests > 0 && server > 0 ? (server * 10) / requests : undefined,
  }
}

/** Resident set size of a process in bytes, from /proc/<pid>/status (VmRSS, in kB there). */
export function rssBytes(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : undefined
  } catch {
    return undefined
  }
}

const MB = 1_000_000

export function sampleRss(pid: number, intervalMs: number) {
  const samples: number[] = []
  const take = () => {
    const v = rssBytes(pid)
    if (v !== undefined) samples.push(v)
  }
  take()
  const timer = setInterval(take, intervalMs)
  return {
    stop: () => {
      clearInterval(timer)
      take()
    },
    summary: () =>
      samples.length === 0
        ? undefined
        : {
            maxMB: Math.max(...samples) / MB,
            avgMB: samples.reduce((a, b) => a + b, 0) / samples.length / MB,
            startMB: samples[0] / MB,
            endMB: samples[samples.length - 1] / MB,
            samples: samples.length,
          },
  }
}
