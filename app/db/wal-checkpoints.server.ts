import { sql } from 'kysely'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { DB } from './db.server'

/**
 * SQLite's write-ahead log is copied back into the database file (a checkpoint) by a worker
 * thread with a connection of its own, every second, instead of by whichever write on the
 * server's connection crosses 1,000 pages of log: that write's request, and every request queued
 * behind the event loop meanwhile, waited for the copy and its fsync (tens of ms on a busy disk;
 * the p99 of a telemetry batch, issue 25). The checkpoint is PASSIVE: it copies what no reader
 * still needs and never waits for a reader or a writer. The server's own connection keeps an
 * automatic checkpoint at SAFETY_NET_PAGES only, should the worker fall behind or stop.
 * ADR 022. SQLite only; PostgreSQL checkpoints on its own.
 */

export const CHECKPOINT_INTERVAL_MS = 1_000
/** The server connection's own automatic checkpoint while the worker runs: 10,000 pages (~40 MB of log). */
export const SAFETY_NET_PAGES = 10_000

/** The worker: plain JavaScript, so it runs the same from the sources and from the build. */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const SQLite = require(workerData.betterSqlite3)
const db = new SQLite(workerData.databaseFile, { fileMustExist: true })
const checkpoint = () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)')
    if (result.log > 0) parentPort.postMessage({ pages: result.log, copied: result.checkpointed })
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) })
  }
}
const timer = setInterval(checkpoint, workerData.intervalMs)
parentPort.on('message', (message) => {
  if (message === 'now') return checkpoint()
  clearInterval(timer)
  db.close()
  parentPort.close()
})
`

export interface WalCheckpoints {
  /** Stops the worker (after the checkpoint under way) and gives the server's connection its default back. */
  stop: () => Promise<void>
  /** Asks for a checkpoint now (tests); the result comes to `onCheckpoint`. */
  now: () => void
}

export async function startWalCheckpoints(
  db: DB,
  opts: {
    databaseFile: string
    intervalMs?: number
    /** Each checkpoint that found log to copy: its pages, and how many of them it copied. */
    onCheckpoint?: (result: { pages: number; copied: number }) => void
    log?: Pick<Console, 'error'>
  },
): Promise<WalCheckpoints> {
  const { log = console } = opts
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      databaseFile: opts.databaseFile,
      intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      betterSqlite3: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  })
  worker.unref()
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  worker.on('message', (message: { pages: number; copied: number } | { error: string }) => {
    if ('error' in message)
      log.error(`wal checkpoint: failed (${message.error}); the server’s own checkpoint at ${SAFETY_NET_PAGES} pages remains`)
    else opts.onCheckpoint?.(message)
  })
  worker.on('error', (error) => log.error(`wal checkpoint: the worker stopped (${error.message}); the server’s own checkpoint remains`))
  await sql.raw(`pragma wal_autocheckpoint = ${SAFETY_NET_PAGES}`).execute(db)
  return {
    stop: async () => {
      worker.postMessage('stop')
      await exited
      await sql.raw('pragma wal_autocheckpoint = 1000').execute(db)
    },
    now: () => worker.postMessage('now'),
  }
}
