import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createServer } from 'node:net'
import pg from 'pg'
import { E2E_SESSION_SECRET, E2E_SMTP_PORT, e2eAppDir } from './env'

/**
 * More server processes of the production build the browser tests already made (the snapshot of
 * serve-app.ts), on a PostgreSQL database of their own: for the tests of several processes
 * sharing one database (docs/operations.md, "Several processes").
 */

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export async function postgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** A fresh PostgreSQL database, dropped by `drop()`. */
export async function createDatabase() {
  const name = `e2e_multi_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

/** Migrates and seeds the demo data (outside production: the seed refuses to run in it). */
export function seedDemo(databaseUrl: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'seed'], {
    cwd: e2eAppDir(),
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, SESSION_SECRET: E2E_SESSION_SECRET },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`seed failed: ${result.stderr}`)
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  baseUrl: string
  child: ChildProcess
  /** What the process wrote to stderr so far (a crash's reason). */
  stderr: () => string
  stop: () => Promise<void>
}

/** The V8 heap flags `npm start` gives Node in production (package.json "start"), e.g. --max-old-space-size=128. */
export function productionHeapFlags(): string[] {
  const start = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start
  return start.match(/--max-[a-z-]+-size=\d+/g) ?? []
}

/**
 * Starts `node build/server.js` of the snapshot in production on a free port (or `options.port`,
 * to stand in for a stopped one, as a redeploy does), with `options.env` on top and
 * `options.nodeArgs` before the script (productionHeapFlags()); resolves when /healthz answers.
 */
export async function startServer(
  databaseUrl: string,
  appUrl?: string,
  options: { port?: number; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'build/server.js'], {
    cwd: e2eAppDir(),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl ?? baseUrl,
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'Groups <no-reply@example.se>',
      SESSION_SECRET: E2E_SESSION_SECRET,
      ...options.env,
    },
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`)
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    baseUrl,
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
