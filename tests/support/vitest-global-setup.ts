import { rmSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * Runs once per vitest run. With SQLite, the migrated template is built by the first test file
 * that needs it (see vitest-setup.ts); here we only start from a clean slate.
 */
export default function setup() {
  const dir = resolve('data/test')
  rmSync(dir, { recursive: true, force: true })
  return () => rmSync(dir, { recursive: true, force: true })
}
