import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import net from 'node:net'

export interface ShutdownOptions {
  /** How long requests in progress may take to finish once shutdown starts. */
  graceMs: number
  /** The app's own shutdown (closes the database), once no request runs any more. */
  onClose: () => Promise<void>
  /** How long a connection idle at shutdown may stay open for a request already on its way (default 500). */
  idleCloseMs?: number
  /** At most this long for `onClose` (a pool waiting for a cut request's connection must not hang the exit). */
  closeTimeoutMs?: number
  exit: (code: number) => void
  log?: Pick<Console, 'info' | 'warn' | 'error'>
}

/** 0 when every request finished and the app closed cleanly; 1 when requests were cut or closing failed. */
export const exitCode = ({ cut, closeFailed }: { cut: number; closeFailed: boolean }) => (cut === 0 && !closeFailed ? 0 : 1)

/**
 * Graceful shutdown of an http server. `shutdown(reason)`: stop accepting connections, close idle
 * keep-alive connections (after a moment for a request already on its way), answer the requests in progress (and any request that still
 * arrives on an open connection) with `Connection: close`, so each connection closes after its
 * response; wait for them up to `graceMs`, cut what is left, run the app's `onClose`, then
 * `exit(0)`, or `exit(1)` with a log line when requests had to be cut or closing failed.
 * A second call (a second Ctrl-C) cuts at once.
 */
export function gracefulShutdown(server: Server, opts: ShutdownOptions) {
  const log = opts.log ?? console
  const inFlight = new Map<ServerResponse, IncomingMessage>()
  let closing = false
  let allDone: (() => void) | undefined
  let cutNow: (() => void) | undefined

  // Before the app's own listener, so the header is set before anything can be sent.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(res, req)
    if (closing) res.setHeader('Connection', 'close')
    res.once('close', () => {
      inFlight.delete(res)
      if (!closing) return
      // A response whose headers went out before shutdown kept its connection open: close it now.
      if (!res.getHeader('Connection')) req.socket.destroySoon()
      if (inFlight.size === 0) allDone?.()
    })
  })

  let done: Promise<number> | undefined
  function shutdown(reason: string): Promise<number> {
    if (done) {
      cutNow?.()
      return done
    }
    closing = true
    log.info(`${reason}: shutting down; ${inFlight.size} request(s) in progress, waiting up to ${opts.graceMs / 1000} s`)
    for (const res of inFlight.keys()) if (!res.headersSent) res.setHeader('Connection', 'close')
    let graceTimer: NodeJS.Timeout | undefined
    const graceOver = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, opts.graceMs)
      cutNow = resolve
    })
    done = (async () => {
      // Stop accepting connections once those already made are accepted (a connection still in the
      // listen queue when the listener closes is reset). net's close, not http's: that one would
      // close the idle connections at once.
      await Promise.race([graceOver, nextPoll()])
      net.Server.prototype.close.call(server)
      // Idle keep-alive connections are closed once they stay idle a moment (idleCloseMs): a
      // request already sent on one, or sent on the keep-alive answer that left just before the
      // shutdown, is then read and answered with Connection: close instead of being reset unread.
      await Promise.race([graceOver, delay(opts.idleCloseMs ?? 500)])
      server.closeIdleConnections()
      if (inFlight.size > 0) await Promise.race([graceOver, new Promise<void>((resolve) => (allDone = resolve))])
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
