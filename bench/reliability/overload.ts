/**
 * Issue 9 item 2, overload: 200 signed-in clients for 60 s, 40 % on the members page of the large
 * organization (10,000 members), the rest in turn on other signed-in pages; GET /healthz probed
 * meanwhile on a connection of its own. The server must shed what it cannot take in time (a quick
 * 503 with Retry-After) rather than let requests wait: no time-outs, no answer slower than a few
 * seconds, /healthz fast, RSS bounded.
 */
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { sampleRss } from '../load'
import { fixed } from '../report'
import { countBy, percentile, startLoad, type Outcome } from './http-load'
import { ms, type Figure, type ReliabilityScenario } from './scenario'

const CLIENTS = 200
const MEMBERS_SHARE = 0.4
/** The clients' patience, as in the issue's runs. */
const TIMEOUT_MS = 30_000
/** "No request waits more than a few seconds": the queue's bound (3 s) plus a page's own time. */
const MAX_LATENCY_MS = 5_000
const HEALTHZ_MAX_MS = 1_000
const MAX_RSS_MB = 200

export const overload: ReliabilityScenario = {
  name: 'overload',
  description: `${CLIENTS} signed-in clients for 60 s, ${
    MEMBERS_SHARE * 100
  } % on the members page of the large organization: shed with 503, no time-outs`,
  async run(ctx) {
    const server = await ctx.startServer()
    const cookie = await ctx.adminCookie(server)
    const org = `/organizations/${ctx.data.largeOrgId}`
    const members = [`${org}/members`]
    const others = ['/dev/signed-in', org, `${org}/groups`, `${org}/group-creators`, '/organizations']
    const memberClients = Math.round(CLIENTS * MEMBERS_SHARE)
    const durationSec = ctx.durationSec(60)
    ctx.log(`${CLIENTS} clients (${memberClients} on ${members[0]}, the rest on ${others.join(', ')}) for ${durationSec} s`)

    const rss = sampleRss(server.pid, 250)
    const health = probeHealth(server.baseUrl)
    const load = startLoad({
      baseUrl: server.baseUrl,
      clients: CLIENTS,
      pathsOf: (i) => (i < memberClients ? members : rotate(others, i)),
      headers: { cookie, accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip', 'accept-language': 'sv' },
      timeoutMs: TIMEOUT_MS,
    })
    await new Promise((r) => setTimeout(r, durationSec * 1000))
    const outcomes = await load.stop()
    const healthMs = health.stop()
    rss.stop()
    const rssMax = rss.summary()?.maxMB ?? NaN

    const answered = outcomes.filter((o) => o.status !== undefined && !o.error)
    const ok = answered.filter((o) => o.status === 200)
    const shed = answered.filter((o) => o.status === 503)
    const timeouts = outcomes.filter((o) => o.error === 'ETIMEDOUT')
    const errors = countBy(
      outcomes.filter((o) => o.error && o.error !== 'ETIMEDOUT'),
      (o) => o.error!,
    )
    const latency = (list: Outcome[]) => list.map((o) => o.end - o.start)
    const all = latency(answered)
    const memberPages = latency(ok.filter((o) => o.path === members[0]))
    ctx.log(
      `${outcomes.length} requests: ${fixed(ok.length / durationSec)} pages/s answered 200, ${shed.length} answered 503, ` +
        `${timeouts.length} timed out, statuses ${JSON.stringify(countBy(answered, (o) => String(o.status)))}, errors ${JSON.stringify(
          errors,
        )}`,
    )
    await server.stop() // the server logs its last 503 counts as it shuts down
    const shedReasons = shedByReason(readFileSync(server.logFile, 'utf8'))
    ctx.log(`the server's reasons for 503: ${JSON.stringify(shedReasons)}`)
    const otherStatuses = answered.filter((o) => o.status !== 200 && o.status !== 503).length
    return [
      { figure: 'time-outs (30 s)', value: String(timeouts.length), target: '0', pass: timeouts.length === 0 },
      { figure: 'pages answered 200 /s', value: fixed(ok.length / durationSec), target: '-' },
      { figure: 'answered 503 (shed)', value: String(shed.length), target: '-' },
      {
        figure: 'other statuses and errors',
        value: String(otherStatuses + Object.values(errors).reduce((a, b) => a + b, 0)),
        target: '0',
        pass: otherStatuses === 0 && Object.keys(errors).length === 0,
      },
      { figure: 'latency p50, all answers', value: ms(percentile(all, 50)), target: '-' },
      {
        figure: 'latency p99, all answers',
        value: ms(percentile(all, 99)),
        target: `< ${MAX_LATENCY_MS} ms`,
        pass: percentile(all, 99) < MAX_LATENCY_MS,
      },
      {
        figure: 'latency max, all answers',
        value: ms(Math.max(...all)),
        target: `< ${MAX_LATENCY_MS} ms`,
        pass: Math.max(...all) < MAX_LATENCY_MS,
      },
      {
        figure: 'members page p50 / p99 (200)',
        value: `${ms(percentile(memberPages, 50))} / ${ms(percentile(memberPages, 99))}`,
        target: '-',
      },
      {
        figure: '503 by reason (server log)',
        value:
          Object.entries(shedReasons)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ') || '-',
        target: '-',
      },
      { figure: '503 latency p99', value: ms(percentile(latency(shed), 99)), target: '-' },
      {
        figure: '/healthz p99 / max meanwhile',
        value: `${ms(percentile(healthMs, 99))} / ${ms(Math.max(...healthMs))}`,
        target: `max < ${HEALTHZ_MAX_MS} ms`,
        pass: Math.max(...healthMs) < HEALTHZ_MAX_MS,
      },
      { figure: 'server RSS max', value: `${fixed(rssMax)} MB`, target: `<= ${MAX_RSS_MB} MB`, pass: rssMax <= MAX_RSS_MB },
    ] satisfies Figure[]
  },
}

/** Client i starts its round of pages at a different one, so every page is loaded at all times. */
const rotate = (paths: string[], i: number) => paths.map((_, k) => paths[(i + k) % paths.length])

/** GET /healthz every 250 ms on a fresh connection (as a load balancer does); the latencies in ms. */
function probeHealth(baseUrl: string) {
  const times: number[] = []
  let stopped = false
  void (async () => {
    while (!stopped) {
      const start = performance.now()
      let failed = false
      await new Promise<void>((resolve) => {
        const req = request(`${baseUrl}/healthz`, { agent: false }, (res) => {
          res.resume()
          res.on('end', () => resolve())
        })
        req.on('error', () => {
          failed = true
          resolve()
        })
        req.end()
      })
      // A probe without an answer counts as infinitely slow.
      times.push(failed ? Infinity : performance.now() - start)
      await new Promise((r) => setTimeout(r, 250))
    }
  })()
  return {
    stop: () => {
      stopped = true
      return times
    },
  }
}

/** The sums of the server's shed log lines (`{"shed":{"queue-full":12,…}}`, server/admission.ts). */
function shedByReason(log: string): Record<string, number> {
  const sums: Record<string, number> = {}
  for (const line of log.split('\n')) {
    if (!line.includes('"shed"')) continue
    try {
      for (const [reason, n] of Object.entries((JSON.parse(line) as { shed: Record<string, number> }).shed))
        sums[reason] = (sums[reason] ?? 0) + n
    } catch {
      // not one of ours
    }
  }
  return sums
}
