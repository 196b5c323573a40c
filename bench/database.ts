/** A fresh SQLite database for each benchmark run. */
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { productionEnv, ROOT, run } from './server'

export const BENCH_DB = 'data/bench.db'
export const BENCH_DATABASE_URL = `file:./${BENCH_DB}`

/**
 * Deletes data/bench.db* (database, -wal, -shm, -journal) and migrates a new one through the
 * project's own script (the server would also migrate at start; doing it here lets a seed step
 * run before the server starts).
 *
 * To benchmark pages of a large seeded organization, add the seed command after the migration,
 * e.g. `await run('npx', ['tsx', 'bench/seed.ts'], env)`, and point scenarios.ts at its data.
 */
export async function freshDatabase(): Promise<string> {
  const dir = join(ROOT, 'data')
  mkdirSync(dir, { recursive: true })
  for (const name of readdirSync(dir)) {
    if (name.startsWith('bench.db')) rmSync(join(dir, name), { force: true })
  }
  const env = productionEnv({ DATABASE_URL: BENCH_DATABASE_URL })
  await run(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'migrate'], env)
  return BENCH_DATABASE_URL
}
