/** Build, start, wait for and stop the production server the benchmark loads. */
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { section } from './report'

export const ROOT = join(dirname(new URL(import.meta.url).pathname), '..')

/** Production configuration every process of the benchmark gets (server, migrations, seeds). */
export function productionEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // The environment `npm start` sets (e.g. MALLOC_ARENA_MAX), so the benchmark runs the server as it is run.
    ...startScriptEnv(),
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghijklmnop',
    // Required in production; nothing listens there and the benchmark sends no mail.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    // Serves /hello-world, the reference page of scenarios.ts.
    ENABLE_DEV_ROUTES: '1',
    ...extra,
  }
}

/** Runs a command in the project root with inherited output; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    )
  })
}

/** `npm run build`: the client and server bundles (remix vite:build) and build/server.js (esbuild). */
export function buildProduction(): Promise<void> {
  return run('npm', ['run', 'build'], { ...process.env, NODE_ENV: 'production' })
}

/** The start of a benchmark run: how busy the machine is, then the production build unless told not to. */
export async function prepareRun({ build }: { build: boolean }) {
  console.info(
    `load average before start: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')} (${cpus().length} cores)`,
  )
  if (!build) return
  section('Building the production bundle (npm run build)')
  await buildProduction()
}

/** Resolves `port` if it is free on 127.0.0.1, otherwise a free port chosen by the system. */
export async function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = createServer()
      srv.once('error', () => resolve(null))
      srv.listen(port, '127.0.0.1', () => {
        const { port: actual } = srv.address() as { port: number }
        srv.close(() => resolve(actual))
      })
    })
  return (await tryListen(preferred)) ?? (await tryListen(0)) ?? Promise.reject(new Error('no free port'))
}

export interface BenchServer {
  baseUrl: string
  port: number
  /** The pid of the process that actually listens on the port (the node server). */
  pid: number
  logFile: string
  stop: () => Promise<void>
  /** Settles when the server process exits, with its exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export interface StartOptions {
  port: number
  databaseUrl: string
  logFile: string
  /** How long to wait for GET /healthz to answer 200. */
  timeoutMs?: number
  /** Flags for node, e.g. ['--max-old-space-size=128'] (those of `npm start` and --node-args). */
  nodeArgs?: string[]
  /** Run server/index.ts through tsx instead of build/server.js. */
  tsx?: boolean
  /** Another bundled entry than build/server.js (A/B experiments). */
  entry?: string
  /** More configuration for the server, e.g. another SMTP_URL (bench/enumeration.ts) or { SHUTDOWN_GRACE_SECONDS: '2' }. */
  env?: Record<string, string>
  /** The checkout whose build is served (default: this one; bench/ab.ts serves another beside it). */
  root?: string
}

/**
 * The node flags of `npm start`, read from package.json's scripts.start (the tokens after `node`
 * that start with `-`, up to the entry script), so the benchmark cannot drift from production,
 * e.g. `--max-old-space-size=128`. Also returns the entry script it names.
 */
/** The variables `npm start` sets before node (`cross-env A=1 B=2 node …`). */
export function startScriptEnv(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
  const tokens = (pkg.scripts?.start ?? '').split(/\s+/)
  const node = tokens.indexOf('node')
  return Object.fromEntries(tokens.slice(0, Math.max(node, 0)).flatMap((t) => (/^[A-Z_]+=/.test(t) ? [t.split(/=(.*)/s).slice(0, 2)] : [])))
}

export function startScriptNodeFlags(): { flags: string[]; entry?: string; script: string } {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
  const script = pkg.scripts?.start ?? ''
  const tokens = script.split(/\s+/).filter(Boolean)
  const node = tokens.indexOf('node')
  if (node === -1) return { flags: [], script }
  const flags: string[] = []
  let i = node + 1
  for (; i < tokens.length && tokens[i].startsWith('-'); i++) {
    flags.push(tokens[i])
    // A flag with its value as the next token (`--import tsx`, `-r x`): keep them together.
    if (!tokens[i].includes('=') && ['--import', '--require', '-r', '--loader', '--env-file'].includes(tokens[i])) {
      flags.push(tokens[++i])
    }
  }
  return { flags, entry: tokens[i], script }
}

/**
 * How the server is started: as `npm start` does (`node build/server.js`, the esbuild bundle of
 * server/index.ts), or with `tsx: true` from the TypeScript source as `npm run dev` does, minus the
 * tsx CLI wrapper (which would run the server in a child process). Keep in step with package.json.
 */
export function serverArgs(tsx = false, entry = 'build/server.js'): string[] {
  return tsx ? ['--import', 'tsx', 'server/index.ts'] : [entry]
}

/**
 * Starts the server with node directly (so the spawned pid is the server itself; this is verified
 * against the socket table), waits for /healthz, returns a handle.
 */
export async function startServer(opts: StartOptions): Promise<BenchServer> {
  const baseUrl = `http://127.0.0.1:${opts.port}`
  const args = serverArgs(opts.tsx, opts.entry)
  const root = opts.root ?? ROOT
  if (!existsSync(join(root, args[args.length - 1]))) {
    throw new Error(`${args[args.length - 1]} does not exist: run without --no-build (or npm run build) first`)
  }
  mkdirSync(dirname(opts.logFile), { recursive: true })
  const logFd = openSync(opts.logFile, 'w')
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...args], {
    cwd: root,
    stdio: ['ignore', logFd, logFd],
    env: productionEnv({
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATABASE_URL: opts.databaseUrl,
      ...opts.env,
    }),
  })
  closeSync(logFd)
  trackChild(child)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )

  const stop = () => stopChild(child)
  try {
    await waitForHealth(baseUrl, child, opts.timeoutMs ?? 60_000)
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- server log (${opts.logFile}) ---\n${tail(opts.logFile, 40)}`)
  }
  const pid = listeningPid(opts.port, child.pid!)
  if (pid === undefined) {
    await stop()
    throw new Error(`could not find the process listening on port ${opts.port} among pid ${child.pid} and its children`)
  }
  return { baseUrl, port: opts.port, pid, logFile: opts.logFile, stop, exited }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before it was ready (${child.signalCode ?? `exit ${child.exitCode}`})`)
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer()
      if (res.status === 200) return
      last = `HTTP ${res.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not answer GET /healthz with 200 within ${timeoutMs / 1000}s (last: ${last})`)
}

// ---- stopping, also on errors and Ctrl-C ------------------------------------------------------

const live = new Set<ChildProcess>()

function trackChild(child: ChildProcess) {
  live.add(child)
  child.once('exit', () => live.delete(child))
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 8000)
    child.once('exit', () => {
      clearTimeout(killTimer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** Stops every server this module started; safe to call more than once. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map(stopChild))
}

// Last resort: if the bench process exits any other way, do not leave a server behind.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

// ---- which process listens ----------------------------------------------------------------------

/** Pid among `root` and its descendants that holds the LISTEN socket on `port` (Linux /proc). */
export function listeningPid(port: number, root: number): number | undefined {
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = ''
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/)
      if (cols.length < 10) continue
      const localPort = parseInt(cols[1].split(':')[1], 16)
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9])
    }
  }
  for (const pid of [root, ...descendants(root)]) {
    let fds: string[] = []
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
        if (m && inodes.has(m[1])) return pid
      } catch {
        /* fd closed meanwhile */
      }
    }
  }
  return undefined
}

function descendants(pid: number): number[] {
  const out: number[] = []
  let tasks: string[] = []
  try {
    tasks = readdirSync(`/proc/${pid}/task`)
  } catch {
    return out
  }
  for (const tid of tasks) {
    let children = ''
    try {
      children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
    } catch {
      continue
    }
    for (const c of children.trim().split(/\s+/).filter(Boolean).map(Number)) out.push(c, ...descendants(c))
  }
  return out
}

export function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}
