import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import net, { type Socket } from 'node:net'

export interface ShutdownOptions {
  /** How long requests in progress may take to finish once shutdown starts. */
  graceMs: number
  /**
   * Called at once when the shutdown starts (the first call only), before anything closes: the
   * app marks itself as shutting down, so /healthz answers 503 while requests drain.
   */
  onStart?: () => void
  /** The app's own shutdown (closes the database), once no request runs any more. */
  onClose: () => Promise<void>
  /** A connection is closed once it has been idle this long during shutdown (default 500). */
  idleCloseMs?: number
  /** At most this long to accept the connections already in the listen queue (default 1000). */
  drainMs?: number
  /** At most this long for `onClose` (a pool waiting for a cut request's connection must not hang the exit). */
  closeTimeoutMs?: number
  exit: (code: number) => void
  log?: Pick<Console, 'info' | 'warn' | 'error'>
}

/** 0 when every request finished and the app closed cleanly; 1 when requests were cut or closing failed. */
export const exitCode = ({ cut, closeFailed }: { cut: number; closeFailed: boolean }) => (cut === 0 && !closeFailed ? 0 : 1)

/**
 * Graceful shutdown of an http server. `shutdown(reason)`:
 * - calls `onStart` (the app's /healthz answers 503 from then on, so balancers stop routing here);
 * - answers the requests in progress, and every request that still arrives, with
 *   `Connection: close` (when their headers have not gone out yet), so each connection closes
 *   after its answer;
 * - stops accepting connections once the listen queue is empty (a connection left in it when the
 *   listener closes is reset);
 * - closes each keep-alive connection once it has been idle for `idleCloseMs`: not at once, since
 *   the client may already be sending its next request on it (after an answer that left before the
 *   shutdown), which would then be reset unread;
 * - when no connection is left, or after `graceMs`, cuts what still runs, runs the app's `onClose`
 *   and calls `exit(0)`, or `exit(1)` with a log line when requests were cut or closing failed.
 * A second call (a second Ctrl-C) cuts at once.
 */
export function gracefulShutdown(server: Server, opts: ShutdownOptions) {
  const log = opts.log ?? console
  const idleCloseMs = opts.idleCloseMs ?? 500
  const inFlight = new Map<ServerResponse, IncomingMessage>()
  /** Each open connection: its requests in progress, and whether it was used since the last sweep. */
  const connections = new Map<Socket, { active: number; used: boolean }>()
  let closing = false
  let wake: (() => void) | undefined

  let accepted = 0
  server.on('connection', (socket: Socket) => {
    accepted++
    connections.set(socket, { active: 0, used: true })
    socket.once('close', () => {
      connections.delete(socket)
      wake?.()
    })
  })
  // Before the app's own listener, so the header is set before anything can be sent.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(res, req)
    const connection = connections.get(req.socket)
    if (connection) {
      connection.active++
      connection.used = true
    }
    if (closing) res.setHeader('Connection', 'close')
    res.once('close', () => {
      inFlight.delete(res)
      if (connection) {
        connection.active--
        connection.used = true
      }
      wake?.()
    })
  })

  let done: Promise<number> | undefined
  let cutNow: (() => void) | undefined
  function shutdown(reason: string): Promise<number> {
    if (done) {
      cutNow?.()
      return done
    }
    closing = true
    opts.onStart?.()
    log.info(`${reason}: shutting down; ${inFlight.size} request(s) in progress, waiting up to ${opts.graceMs / 1000} s`)
    for (const res of inFlight.keys()) if (!res.headersSent) res.setHeader('Connection', 'close')
    let graceTimer: NodeJS.Timeout | undefined
    let graceIsOver = false
    const graceOver = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, opts.graceMs)
      cutNow = resolve
    }).then(() => {
      graceIsOver = true
    })
    done = (async () => {
      // libuv accepts one connection per turn of the event loop: keep the listener open until a
      // turn accepts none (at most drainMs), so that connections already in the listen queue are
      // served rather than reset when it closes.
      const drainUntil = performance.now() + (opts.drainMs ?? 1000)
      let before: number
      do {
        before = accepted
        await Promise.race([graceOver, nextPoll()])
      } while (accepted !== before && !graceIsOver && performance.now() < drainUntil)
      // net's close, not http's: that one would also close every idle connection at once.
      net.Server.prototype.close.call(server)
      for (const connection of connections.values()) connection.used = false
      while (!graceIsOver && connections.size > 0) {
        const allClosed = new Promise<void>((resolve) => (wake = () => connections.size === 0 && resolve()))
        await Promise.race([graceOver, allClosed, delay(idleCloseMs)])
        for (const [socket, connection] of connections) {
          if (connection.active === 0 && !connection.used) socket.destroy()
          connection.used = false
        }
      }
      wake = undefined
      clearTimeout(graceTimer)
      const cut = [...inFlight.values()].map((req) => `${req.method} ${req.url?.split('?')[0]}`)
      if (cut.length > 0) log.warn(`shutdown: cutting ${cut.length} request(s) still in progress: ${cut.join(', ')}`)
      server.closeAllConnections()
      let closeFailed = false
      try {
        await withTimeout(opts.onClose(), opts.closeTimeoutMs ?? 5000)
      } catch (error) {
        closeFailed = true
        log.error(`shutdown: closing the app failed: ${(error as Error).message}`)
      }
      const code = exitCode({ cut: cut.length, closeFailed })
      log.info(`shutdown: done, exit code ${code}`)
      opts.exit(code)
      return code
    })()
    return done
  }

  return {
    shutdown,
    /** Requests received and not yet answered. */
    inFlight: () => inFlight.size,
  }
}

/** Calls `shutdown` on SIGTERM and SIGINT; a second signal cuts what is left at once. */
export function shutdownOnSignals(shutdown: (reason: string) => Promise<number>) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal))
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves after the event loop has polled the sockets at least once more. */
const nextPoll = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)))

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
