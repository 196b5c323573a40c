/**
 * tsx bench/enumeration.ts [--no-build] [--port 3320] [--smtp slow|dead] [--requests 50]
 *
 * Issue 8 item 4: do forgot-password and resend-verification tell, by their time or status,
 * whether an account exists? Builds (unless --no-build) and starts the production server on a
 * fresh SQLite file (data/bench-enumeration.db) with SMTP_URL pointing at
 *   slow: a real SMTP server (smtp-server) that waits 150 ms before its greeting, or
 *   dead: a port where nothing listens,
 * adds `--requests` accounts (unverified, so both calls send mail to them), then POSTs, one at a
 * time and alternating, `--requests` requests for known and as many for unknown addresses to each
 * call (every address once, each from its own client address via X-Forwarded-For, so no rate
 * limit interferes), and prints the statuses and the median and p90 times of each group. On a busy
 * machine the figures are indicative only.
 */
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SMTPServer } from 'smtp-server'
import { createDb } from '../app/db/db.server'
import { newId, nowIso } from '../app/utils/ids.server'
import { buildProduction, freePort, ROOT, startServer, stopAll } from './server'

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '3320' },
    smtp: { type: 'string', default: 'slow' },
    requests: { type: 'string', default: '50' },
  },
})
const N = Number(args.requests)
const DB_FILE = join(ROOT, 'data/bench-enumeration.db')

/** An SMTP server that answers every connection 150 ms late (as a remote server might), or none. */
async function smtpEndpoint(kind: string): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  if (kind === 'dead') {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()))
    const port = (probe.address() as AddressInfo).port
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    return { url: `smtp://127.0.0.1:${port}`, received: () => 0, close: async () => {} }
  }
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect: (_session, callback) => void setTimeout(callback, 150),
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        count++
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as AddressInfo).port
  return { url: `smtp://127.0.0.1:${port}`, received: () => count, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

async function main() {
  if (!args['no-build']) await buildProduction()
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${DB_FILE}${suffix}`, { force: true })
  const smtp = await smtpEndpoint(args.smtp!)
  const port = await freePort(Number(args.port))
  const databaseUrl = `file:${DB_FILE}`
  const server = await startServer({
    port,
    databaseUrl,
    logFile: join(ROOT, 'bench/results/enumeration-server.log'),
    env: { SMTP_URL: smtp.url },
  })
  try {
    // The server migrated the database at start; the accounts go in beside it.
    const db = createDb(databaseUrl)
    const run = newId().slice(0, 6)
    const known = Array.from({ length: N + 5 }, (_, i) => `known-${run}-${i}@example.se`)
    await db
      .insertInto('users')
      .values(
        known.map((email) => ({
          id: newId(),
          name: 'Known',
          email,
          password_hash: null,
          email_verified_at: null,
          locale: 'sv',
          timezone: 'Europe/Stockholm',
          created_at: nowIso(),
        })),
      )
      .execute()
    await db.destroy()

    let client = 0
    const post = async (path: string, email: string) => {
      client++
      const started = performance.now()
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
        },
        body: JSON.stringify({ email }),
      })
      await res.arrayBuffer()
      return { ms: performance.now() - started, status: res.status }
    }

    const report: Record<string, unknown> = { smtp: args.smtp, requests: N }
    for (const [name, path] of [
      ['forgot-password', '/api/password-reset/forgot-password'],
      ['resend-verification', '/api/verify-email/resend'],
    ] as const) {
      // Warm-up: the first requests of a fresh process load code.
      for (let i = 0; i < 5; i++) {
        await post(path, known[N + i])
        await post(path, `warmup-${run}-${name}-${i}@example.se`)
      }
      const times = { known: [] as number[], unknown: [] as number[] }
      const statuses = { known: new Map<number, number>(), unknown: new Map<number, number>() }
      for (let i = 0; i < N; i++) {
        for (const kind of i % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const)) {
          const email = kind === 'known' ? known[i] : `unknown-${run}-${name}-${i}@example.se`
          const { ms, status } = await post(path, email)
          times[kind].push(ms)
          statuses[kind].set(status, (statuses[kind].get(status) ?? 0) + 1)
        }
      }
      const line = (kind: 'known' | 'unknown') =>
        `${kind.padEnd(7)} median ${quantile(times[kind], 0.5).toFixed(2)} ms, p90 ${quantile(times[kind], 0.9).toFixed(2)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses[kind]))}`
      const difference = quantile(times.known, 0.5) - quantile(times.unknown, 0.5)
      console.info(
        `\n${name} (SMTP ${args.smtp}, ${N} each)\n  ${line('known')}\n  ${line('unknown')}\n  difference of medians ${difference.toFixed(2)} ms`,
      )
      report[name] = {
        knownMedianMs: quantile(times.known, 0.5),
        unknownMedianMs: quantile(times.unknown, 0.5),
        differenceMs: difference,
        knownStatuses: Object.fromEntries(statuses.known),
        unknownStatuses: Object.fromEntries(statuses.unknown),
      }
    }
    // The worker sends in the background meanwhile; give it a moment to show it does.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    console.info(`\nmessages the SMTP server received meanwhile: ${smtp.received()}`)
    console.info(JSON.stringify(report))
  } finally {
    await server.stop()
    await smtp.close()
    await stopAll()
  }
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error)
  await stopAll()
  process.exitCode = 1
})
