/**
 * A closed-loop HTTP load for the reliability scenarios: each client keeps one connection (as a
 * browser does) and sends its next request when the last one ends, so a client waiting on the
 * server sends nothing more. Every request is recorded (start, end, status, error), so a scenario
 * can ask exact questions: how many timed out, which were cut by a shutdown, the latency of the
 * 503 answers.
 */
import { Agent, request } from 'node:http'

export interface Outcome {
  client: number
  path: string
  /** ms since the load started (performance.now() based). */
  start: number
  end: number
  status?: number
  /** `Connection` header of the answer. */
  connection?: string
  /** An error code when there was no whole answer: ETIMEDOUT (our time-out), ECONNRESET, ECONNREFUSED... */
  error?: string
  /** Sent on a connection kept from an earlier request (false: a new connection). */
  reused?: boolean
}

export interface LoadPlan {
  baseUrl: string
  clients: number
  /** The paths client `i` requests, in turn. */
  pathsOf: (client: number) => string[]
  headers?: Record<string, string>
  /** A request without an answer after this long counts as timed out (ETIMEDOUT). */
  timeoutMs: number
}

export interface RunningLoad {
  /** Resolves with every outcome once each client has finished its last request. */
  stop: () => Promise<Outcome[]>
  outcomes: Outcome[]
  /** ms since start, on the same clock as the outcomes. */
  now: () => number
}

export function startLoad(plan: LoadPlan): RunningLoad {
  const t0 = performance.now()
  const now = () => performance.now() - t0
  const outcomes: Outcome[] = []
  let stopping = false
  const agents: Agent[] = []
  const loops = Array.from({ length: plan.clients }, async (_, client) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    agents.push(agent)
    const paths = plan.pathsOf(client)
    for (let i = 0; !stopping; i++) {
      const path = paths[i % paths.length]
      const outcome = await get(`${plan.baseUrl}${path}`, agent, plan.headers, plan.timeoutMs, now)
      outcomes.push({ client, path, ...outcome })
      // A refused connection is answered at once: pause a little so a stopped server is not spun on.
      if (outcome.error === 'ECONNREFUSED') await new Promise((r) => setTimeout(r, 50))
    }
  })
  return {
    outcomes,
    now,
    stop: async () => {
      stopping = true
      await Promise.all(loops)
      agents.forEach((a) => a.destroy())
      return outcomes
    },
  }
}

function get(url: string, agent: Agent, headers: Record<string, string> | undefined, timeoutMs: number, now: () => number) {
  const start = now()
  return new Promise<Omit<Outcome, 'client' | 'path'>>((resolve) => {
    let settled = false
    const done = (o: Omit<Outcome, 'client' | 'path' | 'start' | 'end'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ start, end: now(), reused: req.reusedSocket, ...o })
    }
    const req = request(url, { agent, headers }, (res) => {
      res.on('data', () => {})
      res.on('end', () => done({ status: res.statusCode, connection: res.headers.connection }))
      res.on('error', (error: NodeJS.ErrnoException) => done({ status: res.statusCode, error: error.code ?? error.message }))
      res.on('aborted', () => done({ status: res.statusCode, error: 'ECONNRESET' }))
    })
    const timer = setTimeout(() => {
      done({ error: 'ETIMEDOUT' })
      req.destroy()
    }, timeoutMs)
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }))
    req.end()
  })
}

/** The p-th percentile (0-100) of `values`, nearest rank; NaN for none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** Counts by a key. */
export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1
  return counts
}
