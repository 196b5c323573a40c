import { rmSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * Runs once per vitest run: a directory of its own for this run's SQLite files (so concurrent
 * runs in one checkout never delete each other's databases), removed at the end. The migrated
 * template is built there by the first test file that needs it (vitest-setup.ts).
 */
export default function setup() {
  const dir = resolve('data/test', `run-${process.pid}`)
  process.env.VITEST_DB_DIR = dir
  return () => rmSync(dir, { recursive: true, force: true })
}
