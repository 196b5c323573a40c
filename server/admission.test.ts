import express from 'express'
import type { Server } from 'node:http'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferred, httpGet, listen } from '../tests/support/http'
import { admissionGate, eventLoopLag, shedLog, turnPacer, type AdmissionOptions, type ShedReason } from './admission'

let server: Server | undefined
afterEach(() => {
  vi.useRealTimers()
  server?.closeAllConnections()
  server?.close()
})

/**
 * The gate in front of a handler the test drives: GET /work?id=x starts, then waits until the
 * test releases x. `arrived(x)` resolves once the gate has taken x in (admitted, queued or refused).
 */
async function harness(options: Omit<AdmissionOptions, 'exempt' | 'onShed'> & { lagging?: () => boolean }) {
  const shed: ShedReason[] = []
  const gate = admissionGate({ ...options, exempt: (req) => req.path === '/healthz', onShed: (reason) => shed.push(reason) })
  const promises = new Map<string, ReturnType<typeof deferred<void>>>()
  const at = (kind: string, id: string) => {
    const key = `${kind}:${id}`
    if (!promises.has(key)) promises.set(key, deferred())
    return promises.get(key)!
  }
  const started: string[] = []
  const app = express()
  app.use((req, _res, next) => {
    next()
    at('arrived', String(req.query.id)).resolve()
  })
  app.use(gate)
  app.get('/healthz', (_req, res) => {
    res.send('ok')
  })
  app.get('/work', async (req, res) => {
    const id = String(req.query.id)
    started.push(id)
    at('started', id).resolve()
    await at('release', id).promise
    res.send(id)
  })
  const listening = await listen(app)
  server = listening.server
  return {
    gate,
    shed,
    started,
    get: (id: string, headers?: Record<string, string>) => httpGet(`${listening.base}/work?id=${id}`, { headers }),
    base: listening.base,
    arrived: (id: string) => at('arrived', id).promise,
    hasStarted: (id: string) => at('started', id).promise,
    release: (...ids: string[]) => ids.forEach((id) => at('release', id).resolve()),
  }
}

describe('admission gate', () => {
  it('handles at most N requests at once; the next ones wait their turn in arrival order', async () => {
    const h = await harness({ concurrency: 2, queueSize: 5, maxWaitMs: 10_000 })
    const answers = ['a', 'b', 'c', 'd'].map((id) => h.get(id))
    await Promise.all([h.hasStarted('a'), h.hasStarted('b'), h.arrived('c'), h.arrived('d')])
    expect(h.gate.stats()).toEqual({ inProgress: 2, waiting: 2 })
    expect(h.started).toEqual(['a', 'b'])

    h.release('b')
    await h.hasStarted('c')
    expect(h.started).toEqual(['a', 'b', 'c'])
    expect(h.gate.stats()).toEqual({ inProgress: 2, waiting: 1 })

    h.release('a', 'c', 'd')
    expect((await Promise.all(answers)).map((a) => `${a.status} ${a.body}`)).toEqual(['200 a', '200 b', '200 c', '200 d'])
    expect(h.shed).toEqual([])
  })

  it('refuses a request beyond the queue at once: 503, Retry-After and the catalogue code', async () => {
    const h = await harness({ concurrency: 1, queueSize: 1, maxWaitMs: 2500 })
    const first = h.get('a')
    const second = h.get('b')
    await Promise.all([h.hasStarted('a'), h.arrived('b')])

    const refused = await h.get('c', { Accept: 'application/json' })
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('3')
    expect(JSON.parse(refused.body)).toEqual({ message: 'SERVICE_UNAVAILABLE' })
    expect(h.shed).toEqual(['queue-full'])
    expect(h.started).toEqual(['a'])

    h.release('a', 'b')
    expect((await Promise.all([first, second])).map((a) => a.status)).toEqual([200, 200])
  })

  it('refuses a request that waited longer than the bound, and its place in the queue is free again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const h = await harness({ concurrency: 1, queueSize: 1, maxWaitMs: 3000 })
    const first = h.get('a')
    await h.hasStarted('a')
    const waiting = h.get('b')
    await h.arrived('b')

    vi.advanceTimersByTime(2999)
    expect(h.gate.stats()).toEqual({ inProgress: 1, waiting: 1 })
    vi.advanceTimersByTime(1)
    const refused = await waiting
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('3')
    expect(h.shed).toEqual(['waited-too-long'])
    expect(h.gate.stats()).toEqual({ inProgress: 1, waiting: 0 })

    // The queue has room again, and the refused request never runs.
    const third = h.get('c')
    await h.arrived('c')
    h.release('a', 'c')
    expect((await Promise.all([first, third])).map((a) => `${a.status} ${a.body}`)).toEqual(['200 a', '200 c'])
    expect(h.started).toEqual(['a', 'c'])
  })

  it('a waiting request whose client goes away leaves the queue without running', async () => {
    const h = await harness({ concurrency: 1, queueSize: 1, maxWaitMs: 10_000 })
    const first = h.get('a')
    await h.hasStarted('a')
    const gone = new AbortController()
    const abandoned = httpGet(`${h.base}/work?id=b`, { signal: gone.signal }).catch((e: Error) => e.name)
    await h.arrived('b')
    gone.abort()
    expect(await abandoned).toBe('AbortError')
    await vi.waitFor(() => expect(h.gate.stats()).toEqual({ inProgress: 1, waiting: 0 }))

    h.release('a')
    expect((await first).status).toBe(200)
    await nextTurn()
    expect(h.started).toEqual(['a'])
    expect(h.shed).toEqual([])
  })

  it('lets GET /healthz through while the gate is full', async () => {
    const h = await harness({ concurrency: 1, queueSize: 0, maxWaitMs: 1000 })
    const first = h.get('a')
    await h.hasStarted('a')
    expect((await h.get('b')).status).toBe(503)
    const health = await httpGet(`${h.base}/healthz`)
    expect(`${health.status} ${health.body}`).toBe('200 ok')
    h.release('a')
    await first
  })

  it('while the event loop lags, refuses what would have to wait but still takes what finds a free place', async () => {
    let lagging = true
    const h = await harness({ concurrency: 1, queueSize: 10, maxWaitMs: 10_000, lagging: () => lagging })
    const first = h.get('a')
    await h.hasStarted('a')
    expect((await h.get('b')).status).toBe(503)
    expect(h.shed).toEqual(['event-loop-delay'])

    lagging = false
    const second = h.get('c')
    await h.arrived('c')
    expect(h.gate.stats()).toEqual({ inProgress: 1, waiting: 1 })
    h.release('a', 'c')
    expect((await Promise.all([first, second])).map((a) => a.status)).toEqual([200, 200])
  })
})

describe('turn pacer', () => {
  it('gives one turn of the event loop at a time, in the order asked', async () => {
    const pacer = turnPacer()
    const given: string[] = []
    for (const id of ['a', 'b', 'c']) void pacer.turn().then(() => given.push(id))
    expect(pacer.waiting()).toBe(3)
    expect(given).toEqual([])
    // Each of the test's own turns (setImmediate) comes after one of the pacer's: one given a turn.
    await nextTurn()
    expect(given).toEqual(['a'])
    await nextTurn()
    expect(given).toEqual(['a', 'b'])
    await nextTurn()
    expect(given).toEqual(['a', 'b', 'c'])
    expect(pacer.waiting()).toBe(0)
  })

  it('a turn asked for later is given after the ones already waiting', async () => {
    const pacer = turnPacer()
    const given: string[] = []
    void pacer.turn().then(() => {
      given.push('a')
      void pacer.turn().then(() => given.push('c'))
    })
    void pacer.turn().then(() => given.push('b'))
    await vi.waitFor(() => expect(given).toEqual(['a', 'b', 'c']))
  })
})

describe('event-loop lag', () => {
  it('says lagging for the window after one in which the loop was blocked longer than the limit', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    let maxMs = 0
    const histogram = { max: 0, enable: () => true, disable: () => true, reset: () => (maxMs = 0) }
    Object.defineProperty(histogram, 'max', { get: () => maxMs * 1e6 })
    const lag = eventLoopLag(100, 1000, histogram)
    expect(lag.lagging()).toBe(false)
    maxMs = 150
    expect(lag.lagging()).toBe(false) // decided at the end of the window
    vi.advanceTimersByTime(1000)
    expect(lag.lagging()).toBe(true)
    maxMs = 100
    vi.advanceTimersByTime(1000)
    expect(lag.lagging()).toBe(false)
    lag.stop()
  })

  it('reads the real event-loop delay', async () => {
    const lag = eventLoopLag(5, 50)
    try {
      const blockedUntil = performance.now() + 100
      while (performance.now() < blockedUntil) {
        // a synchronous task that keeps the loop busy
      }
      await vi.waitFor(() => expect(lag.lagging()).toBe(true), { timeout: 2000, interval: 5 })
    } finally {
      lag.stop()
    }
  })
})

describe('shed log', () => {
  it('logs the refusals of each period by reason, and nothing for a period without any', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-01-01T00:00:00Z') })
    const lines: string[] = []
    const shed = shedLog((line) => lines.push(line), 10_000)
    shed.count('queue-full')
    shed.count('queue-full')
    shed.count('waited-too-long')
    vi.advanceTimersByTime(10_000)
    vi.advanceTimersByTime(10_000)
    shed.count('event-loop-delay')
    shed.stop()
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { t: '2026-01-01T00:00:10.000Z', shed: { 'queue-full': 2, 'waited-too-long': 1 }, seconds: 10 },
      { t: '2026-01-01T00:00:20.000Z', shed: { 'event-loop-delay': 1 }, seconds: 0 },
    ])
  })
})
