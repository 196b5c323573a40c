/**
 * Issue 9 item 1 in the reliability suite: PostgreSQL drops the server's connections under load
 * (`pg_terminate_backend` of every backend of the database, twice). The process must not exit,
 * requests meanwhile get a 503 (with Retry-After) and never another 5xx, and it recovers by itself:
 * the last seconds of the load are answered 200 again. Needs --database-url postgres://…bench.
 */
import pg from 'pg'
import { countBy, startLoad } from './http-load'
import type { Figure, ReliabilityScenario } from './scenario'

const CLIENTS = 20
/** Seconds into the load at which the connections are dropped. */
const DROPS_AT = [3, 8]
const DURATION_SEC = 14
/** The tail of the run that must be all 200: the server has recovered by then. */
const RECOVERED_TAIL_SEC = 3

async function terminateBackends(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )
    return Number(rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export const pgDrop: ReliabilityScenario = {
  name: 'postgres drop',
  description: `PostgreSQL terminates the server's connections twice under load (${CLIENTS} clients): no exit, 503 meanwhile, recovers by itself`,
  async run(ctx) {
    if (!/^postgres(ql)?:/.test(ctx.databaseUrl)) {
      ctx.log('skipped: this scenario needs --database-url postgres://…bench')
      return [{ figure: 'run on PostgreSQL', value: 'skipped (SQLite run)', target: '--database-url postgres://…bench' }]
    }
    const server = await ctx.startServer()
    const cookie = await ctx.adminCookie(server)
    const org = `/organizations/${ctx.data.largeOrgId}`
    const paths = [`${org}/members`, '/dev/signed-in', org, '/api/users/me', `${org}/groups`]
    const load = startLoad({
      baseUrl: server.baseUrl,
      clients: CLIENTS,
      pathsOf: (i) => [...paths.slice(i % paths.length), ...paths.slice(0, i % paths.length)],
      headers: { cookie, 'accept-language': 'sv' },
      timeoutMs: 30_000,
    })
    const terminated: number[] = []
    for (const at of DROPS_AT) {
      await new Promise((r) => setTimeout(r, Math.max(0, at * 1000 - load.now())))
      terminated.push(await terminateBackends(ctx.databaseUrl))
    }
    await new Promise((r) => setTimeout(r, Math.max(0, DURATION_SEC * 1000 - load.now())))
    const outcomes = await load.stop()
    const stillRunning = alive(server.pid)

    const statuses = countBy(outcomes, (o) => (o.status !== undefined ? String(o.status) : (o.error ?? 'none')))
    const otherFiveXx = outcomes.filter((o) => o.status !== undefined && o.status >= 500 && o.status !== 503)
    const tail = outcomes.filter((o) => o.start >= (DURATION_SEC - RECOVERED_TAIL_SEC) * 1000)
    const tailOk = tail.filter((o) => o.status === 200)
    const noAnswer = outcomes.filter((o) => o.status === undefined)
    ctx.log(`terminated ${terminated.join(' + ')} backends; statuses ${JSON.stringify(statuses)}`)
    const retryAfter = await fetch(`${server.baseUrl}/healthz`).then((r) => r.status)

    const figures: Figure[] = [
      { figure: 'backends terminated', value: terminated.join(' + '), target: '> 0 each', pass: terminated.every((n) => n > 0) },
      { figure: 'server process still running', value: stillRunning ? 'yes' : 'no', target: 'yes', pass: stillRunning },
      { figure: '503 answers during the drops', value: String(statuses['503'] ?? 0), target: '-' },
      { figure: 'other 5xx answers', value: String(otherFiveXx.length), target: '0', pass: otherFiveXx.length === 0 },
      { figure: 'requests without an answer', value: String(noAnswer.length), target: '0', pass: noAnswer.length === 0 },
      {
        figure: `200 in the last ${RECOVERED_TAIL_SEC} s (recovered)`,
        value: `${tailOk.length} of ${tail.length}`,
        target: 'all',
        pass: tail.length > 0 && tailOk.length === tail.length,
      },
      { figure: '/healthz after the run', value: String(retryAfter), target: '200', pass: retryAfter === 200 },
    ]
    return figures
  },
}
