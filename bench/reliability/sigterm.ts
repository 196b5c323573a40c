/**
 * Issue 9 item 3, SIGTERM under load: 40 signed-in clients on keep-alive connections (half on the
 * members page of the large organization), then SIGTERM. Every request in flight at the signal must
 * finish, with `Connection: close`; nothing is served after the server is down; it exits 0 well
 * within the grace period. Then the same with SHUTDOWN_GRACE_SECONDS=0: what is cut is cut, and
 * the exit code and the log say so.
 */
import { readFileSync } from 'node:fs'
import { countBy, startLoad, type Outcome } from './http-load'
import { ms, type Figure, type ReliabilityScenario, type ScenarioContext } from './scenario'

const CLIENTS = 40
const GRACE_SECONDS = 8

export const sigterm: ReliabilityScenario = {
  name: 'sigterm under load',
  description: `${CLIENTS} clients, SIGTERM: requests in flight finish with Connection: close, exit 0; with no grace: cut, exit 1`,
  async run(ctx) {
    const graceful = await underLoad(ctx, String(GRACE_SECONDS))
    ctx.log(
      `grace ${GRACE_SECONDS} s: ${graceful.inFlight.length} requests in flight at SIGTERM; exit ${graceful.exit} after ${ms(
        graceful.exitAfterMs,
      )}; ` + `requests sent before the exit: ${JSON.stringify(graceful.outcomes)}`,
    )
    const cut = await underLoad(ctx, '0')
    const cutByServer = Number(/cutting (\d+) request/.exec(cut.log)?.[1] ?? 0)
    ctx.log(
      `grace 0 s: the server cut ${cutByServer}, clients saw ${cut.cut.length} cut (${cut.midResponse.length} mid-response), exit ${cut.exit}`,
    )

    const answered = graceful.inFlight.filter((o) => o.status !== undefined && !o.error)
    return [
      {
        figure: 'in flight at SIGTERM (client clock)',
        value: String(graceful.inFlight.length),
        target: '> 0',
        pass: graceful.inFlight.length > 0,
      },
      {
        figure: 'of those answered',
        value: String(answered.length),
        target: String(graceful.inFlight.length),
        pass: answered.length === graceful.inFlight.length,
      },
      {
        figure: 'answered after SIGTERM with Connection: close',
        value: `${graceful.closing.length} of ${graceful.afterSignal.length}`,
        target: '-',
      },
      { figure: 'requests cut (no whole answer)', value: String(graceful.cut.length), target: '-' },
      {
        figure: 'of those on a kept-alive connection',
        value: String(graceful.cut.filter((o) => o.reused).length),
        target: '0',
        pass: graceful.cut.every((o) => !o.reused),
      },
      {
        figure: 'of those on a new connection (listen queue)',
        value: String(graceful.cut.filter((o) => !o.reused).length),
        target: '-',
      },
      { figure: 'of those mid-response', value: String(graceful.midResponse.length), target: '0', pass: graceful.midResponse.length === 0 },
      { figure: 'exit code', value: String(graceful.exit), target: '0', pass: graceful.exit === 0 },
      {
        figure: 'SIGTERM to exit',
        value: ms(graceful.exitAfterMs),
        target: `< ${GRACE_SECONDS * 1000} ms`,
        pass: graceful.exitAfterMs < GRACE_SECONDS * 1000,
      },
      { figure: 'no grace: cut (server / clients)', value: `${cutByServer} / ${cut.cut.length}`, target: '-' },
      {
        figure: 'no grace: exit code',
        value: String(cut.exit),
        target: cutByServer > 0 ? '1' : '0',
        pass: cut.exit === (cutByServer > 0 ? 1 : 0),
      },
    ] satisfies Figure[]
  },
}

/** Load for a few seconds, SIGTERM, keep loading until the server has exited. */
async function underLoad(ctx: ScenarioContext, grace: string) {
  const server = await ctx.startServer({ SHUTDOWN_GRACE_SECONDS: grace })
  const cookie = await ctx.adminCookie(server)
  const org = `/organizations/${ctx.data.largeOrgId}`
  const load = startLoad({
    baseUrl: server.baseUrl,
    clients: CLIENTS,
    pathsOf: (i) => (i % 2 === 0 ? [`${org}/members`] : ['/dev/signed-in', `${org}/groups`, org]),
    headers: { cookie, accept: 'text/html', 'accept-encoding': 'br, gzip' },
    timeoutMs: 30_000,
  })
  await new Promise((r) => setTimeout(r, ctx.durationSec(5) * 1000))
  const signalAt = load.now()
  process.kill(server.pid, 'SIGTERM')
  const exited = await Promise.race([server.exited, new Promise<undefined>((r) => setTimeout(r, (Number(grace) + 10) * 1000))])
  const exitAt = load.now()
  const outcomes = await load.stop()
  const inFlight = outcomes.filter((o) => o.start < signalAt && o.end > signalAt)
  const sentBeforeExit = outcomes.filter((o) => o.start < exitAt)
  // A refused connection is no harm (the client tries another server); a request the server took
  // and did not answer whole is.
  const cut = sentBeforeExit.filter((o) => o.error && o.error !== 'ECONNREFUSED')
  const afterSignal = outcomes.filter((o) => o.end > signalAt && o.status !== undefined && !o.error)
  return {
    inFlight,
    cut,
    midResponse: cut.filter((o) => o.status !== undefined),
    afterSignal,
    closing: afterSignal.filter((o) => o.connection === 'close'),
    outcomes: countBy(
      sentBeforeExit.filter((o) => o.end > signalAt),
      describe,
    ),
    exit: exited ? (exited.code ?? exited.signal) : 'still running',
    exitAfterMs: exitAt - signalAt,
    log: readFileSync(server.logFile, 'utf8'),
  }
}

const describe = (o: Outcome) => (o.error ? o.error : `${o.status} ${o.connection ?? ''}`.trim())
