import type { NextFunction, Request, Response } from 'express'
import PQueue from 'p-queue'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import { sendServiceUnavailable } from './unavailable'

/** Why a request was refused with 503 instead of being handled. */
export type ShedReason = 'queue-full' | 'waited-too-long' | 'event-loop-delay'

export interface AdmissionOptions {
  /** Requests handled at once; those beyond wait in the queue. */
  concurrency: number
  /** Requests that may wait; one more is refused at once. */
  queueSize: number
  /** How long a request may wait for its turn before it is refused. */
  maxWaitMs: number
  /** True while the process is too slow to take on waiting work: then nothing more queues. */
  lagging?: () => boolean
  /** Requests that pass without a place (GET /healthz: a load balancer must see the process live). */
  exempt?: (req: Request) => boolean
  /** Called for every refused request (counting, logging). */
  onShed?: (reason: ShedReason) => void
}

/**
 * Load shedding in front of the page and API handler: at most `concurrency` requests in progress
 * and `queueSize` waiting their turn in arrival order. Beyond that, when a request has waited
 * `maxWaitMs`, or when the event loop lags (`lagging`) and the request would have to wait, it is
 * answered at once with 503 and `Retry-After`, so no client waits long for nothing and the work in
 * progress keeps its pace. A request in progress holds its place until its response is finished
 * or its connection closes; one whose client goes away while it waits leaves the queue.
 *
 * A page's work is mostly synchronous (SQLite, rendering): requests started in one turn of the
 * event loop run back to back, and meanwhile no connection is accepted and /healthz not answered.
 * Bounding the requests in progress bounds that turn too.
 *
 * Admitted requests start one per turn (`turnPacer`), so they are served in the order they came:
 * without it, every request read in one turn started in that turn, in the order the system listed
 * the readable connections, and a request read just after a turn began waited for the whole turn
 * and the next: under steady load 1-2 % of pages took twice as long as the rest (p99 = 2 x p50).
 */
export function admissionGate(opts: AdmissionOptions) {
  const queue = new PQueue({ concurrency: opts.concurrency })
  const pacer = turnPacer()
  const retryAfter = Math.max(1, Math.ceil(opts.maxWaitMs / 1000))
  const shed = (req: Request, res: Response, reason: ShedReason) => {
    opts.onShed?.(reason)
    sendServiceUnavailable(req, res, retryAfter)
  }

  const gate = (req: Request, res: Response, next: NextFunction) => {
    if (opts.exempt?.(req)) return next()
    const mustWait = queue.pending >= opts.concurrency
    if (mustWait && queue.size >= opts.queueSize) return shed(req, res, 'queue-full')
    if (mustWait && opts.lagging?.()) return shed(req, res, 'event-loop-delay')

    const waiting = new AbortController()
    const timer = mustWait ? setTimeout(() => waiting.abort(), opts.maxWaitMs) : undefined
    const leave = () => waiting.abort()
    res.once('close', leave)
    const stopWaiting = () => {
      clearTimeout(timer)
      res.off('close', leave)
    }
    queue
      .add(
        () => {
          stopWaiting()
          return new Promise<void>((done) => {
            let closed = false
            res.once('close', () => {
              closed = true
              done()
            })
            // A client that went away while its turn came is not served.
            void pacer.turn().then(() => closed || next())
          })
        },
        { signal: waiting.signal },
      )
      .catch(() => {
        stopWaiting()
        if (!res.headersSent && !res.destroyed) shed(req, res, 'waited-too-long')
      })
  }
  return Object.assign(gate, {
    /** Requests in progress and waiting, for tests and logs. */
    stats: () => ({ inProgress: queue.pending, waiting: queue.size }),
  })
}

/**
 * Hands out turns of the event loop one at a time, in the order they were asked for: `turn()`
 * resolves in the check phase (setImmediate) of a later turn than the one before it, so a poll of
 * the connections (new requests read and queued) lies between any two.
 */
export function turnPacer() {
  const waiting: Array<() => void> = []
  let scheduled = false
  const schedule = () => {
    if (scheduled) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      waiting.shift()?.()
      if (waiting.length > 0) schedule()
    })
  }
  return {
    turn: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve)
        schedule()
      }),
    /** Turns asked for and not yet given. */
    waiting: () => waiting.length,
  }
}

/**
 * Counts refused requests by reason and logs them at most once every `everyMs`, as one JSON line
 * (`{"t":…,"shed":{"queue-full":12,…}}`), only when something was refused meanwhile. `count` is
 * the gate's `onShed`.
 */
export function shedLog(log: (line: string) => void, everyMs = 10_000) {
  let counts: Partial<Record<ShedReason, number>> = {}
  let since = Date.now()
  const timer = setInterval(flush, everyMs)
  timer.unref()
  function flush() {
    if (Object.keys(counts).length > 0)
      log(JSON.stringify({ t: new Date().toISOString(), shed: counts, seconds: Math.round((Date.now() - since) / 1000) }))
    counts = {}
    since = Date.now()
  }
  return {
    count: (reason: ShedReason) => {
      counts[reason] = (counts[reason] ?? 0) + 1
    },
    stop: () => {
      clearInterval(timer)
      flush()
    },
  }
}

/** The part of perf_hooks' IntervalHistogram that eventLoopLag reads (nanoseconds). */
export type DelayHistogram = Pick<IntervalHistogram, 'max' | 'reset' | 'enable' | 'disable'>

/**
 * `lagging()` for the gate: true while the event loop was blocked for longer than `limitMs` at a
 * stretch in the last `windowMs` (the longest delay that perf_hooks.monitorEventLoopDelay saw):
 * a request queued now would wait behind work like that. `stop` ends the sampling.
 */
export function eventLoopLag(limitMs: number, windowMs = 1000, histogram: DelayHistogram = monitorEventLoopDelay({ resolution: 10 })) {
  histogram.enable()
  let lagging = false
  const timer = setInterval(() => {
    lagging = histogram.max / 1e6 > limitMs
    histogram.reset()
  }, windowMs)
  timer.unref()
  return {
    lagging: () => lagging,
    stop: () => {
      clearInterval(timer)
      histogram.disable()
    },
  }
}
