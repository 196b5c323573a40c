/**
 * Builds the app and serves the production build for the browser tests (playwright.config.ts).
 *
 * It works on a snapshot of the working tree in a temporary folder, not in the checkout: the
 * server only reads `build/server` at start but serves `build/client` from disk on every request,
 * so a `npm run build` elsewhere during the run (a benchmark, `npm start`, another terminal) would
 * replace the browser assets under the running server and JavaScript would silently stop loading.
 * The snapshot also gives every run a fresh database (data/e2e.db inside it).
 *
 * Steps: copy the sources (not node_modules, build, data, tests, ...) to
 * $TMPDIR/groups-e2e-app-<port>, link node_modules, `npm run build`, then start the bundled
 * server the way `npm start` does (`node build/server.js`), with the environment Playwright
 * passes (NODE_ENV=production, PORT, DATABASE_URL, SMTP_URL, ...).
 * The snapshot is left in place after the run for inspection; the next run replaces it.
 */
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { e2eAppDir } from './env'

const root = resolve(import.meta.dirname, '../../..')
const target = e2eAppDir()
const SKIP = new Set([
  '.git',
  '.cache',
  '.ci',
  'node_modules',
  'build',
  'data',
  'test-results',
  'playwright-report',
  'tests',
  'bench',
  'docs',
])

rmSync(target, { recursive: true, force: true })
mkdirSync(target, { recursive: true })
for (const entry of readdirSync(root)) {
  if (SKIP.has(entry) || entry.endsWith('.log')) continue
  cpSync(join(root, entry), join(target, entry), { recursive: true })
}
symlinkSync(join(root, 'node_modules'), join(target, 'node_modules'), 'dir')
console.info(`[e2e-app] snapshot of ${root} in ${target}`)

const built = spawnSync('npm', ['run', 'build'], { cwd: target, stdio: 'inherit', env: process.env })
if (built.status !== 0) {
  console.error('[e2e-app] the build failed')
  process.exit(built.status ?? 1)
}

// As `npm start`: the esbuild bundle of server/index.ts, in production mode.
const server = spawn(process.execPath, ['build/server.js'], {
  cwd: target,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
})
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.kill(signal))
