/**
 * The form flood of the security issue (issue 8 item 1): one field repeated 30,000 and 60,000
 * times (`zz=a&zz=a&…`, ~150 and ~300 kB) posted anonymously as a URL-encoded form to each auth
 * form, while a probe asks for /healthz one request after another. The longest probe that was
 * under way while the flood was answered is how long the server's event loop was blocked (a
 * probe takes ~1 ms on an idle server). Before the fix, parsing such a form took ~5 s (30,000)
 * and ~30 s (60,000); the target is no block longer than MAX_BLOCKED_MS.
 */

export const FLOOD_REPEATS = [30_000, 60_000]
export const FLOOD_PATHS = ['/signin', '/signup', '/forgot-password', '/verify/resend', '/new-password']
/** No request of up to 1 MB may block the server for longer than this. */
export const MAX_BLOCKED_MS = 50

export interface FloodRow {
  path: string
  repeats: number
  bytes: number
  status: number
  /** Time to the whole answer of the flood request, ms. */
  ms: number
  /** The longest /healthz probe under way meanwhile, ms. */
  blockedMs: number
  /** Probes answered meanwhile. */
  probes: number
}

export const floodBody = (repeats: number) => `zz=${Array(repeats).fill('a').join('&zz=')}`

/** Asks for /healthz one request after another until stopped; the durations of those that overlap [from, to]. */
function healthProbe(baseUrl: string) {
  const spans: { start: number; end: number }[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const start = performance.now()
      const res = await fetch(`${baseUrl}/healthz`)
      await res.arrayBuffer()
      spans.push({ start, end: performance.now() })
    }
  })()
  return {
    async stop(from: number, to: number) {
      running = false
      await loop
      const overlapping = spans.filter((s) => s.end >= from && s.start <= to)
      return { longestMs: Math.max(0, ...overlapping.map((s) => s.end - s.start)), count: overlapping.length }
    },
  }
}

export async function formFlood(baseUrl: string): Promise<FloodRow[]> {
  const rows: FloodRow[] = []
  for (const repeats of FLOOD_REPEATS) {
    const body = floodBody(repeats)
    for (const path of FLOOD_PATHS) {
      const probe = healthProbe(baseUrl)
      // Let the probe get going, so a block at the very start is seen.
      await new Promise((resolve) => setTimeout(resolve, 20))
      const started = performance.now()
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      })
      await res.arrayBuffer()
      const ended = performance.now()
      // One more probe after the answer, so a block that ends with it is measured whole.
      await new Promise((resolve) => setTimeout(resolve, 20))
      const { longestMs, count } = await probe.stop(started, ended)
      rows.push({
        path,
        repeats,
        bytes: Buffer.byteLength(body),
        status: res.status,
        ms: ended - started,
        blockedMs: longestMs,
        probes: count,
      })
    }
  }
  return rows
}
