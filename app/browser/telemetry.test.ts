import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTelemetry, type TelemetryTransport } from './telemetry'
import {
  BATCH_LIMIT,
  CACHE_LIMIT,
  DISPATCH_INTERVAL_MS,
  MAX_BATCH_BYTES,
  REQUEST_TIMEOUT_MS,
  SESSION_EVENT_LIMIT,
  type TelemetryEvent,
} from '~/utils/telemetry-rules'

const vital = (i: number): TelemetryEvent => ({ kind: 'vital', name: 'LCP', route: '/', value: i })

/** A transport that answers the statuses given, one per post (then 204), and records what it got. */
function transport(statuses: (number | 'hang')[] = []) {
  const posts: { at: number; events: number }[] = []
  const beacons: string[] = []
  let beaconOk = true
  const t: TelemetryTransport & { posts: typeof posts; beacons: string[]; refuseBeacons(): void } = {
    posts,
    beacons,
    refuseBeacons: () => (beaconOk = false),
    post(body, signal) {
      posts.push({ at: Date.now(), events: JSON.parse(body).events.length })
      const status = statuses.shift() ?? 204
      if (status === 'hang') return new Promise((resolve) => signal.addEventListener('abort', () => resolve(0)))
      return Promise.resolve(status)
    },
    beacon(body) {
      if (!beaconOk) return false
      beacons.push(body)
      return true
    },
  }
  return t
}

beforeEach(() => vi.useFakeTimers({ now: 0 }))
afterEach(() => vi.useRealTimers())

describe('the telemetry batcher', () => {
  it('sends what waits every 5 s, at most 100 events a batch', async () => {
    const t = transport()
    const telemetry = createTelemetry('v', t)
    for (let i = 0; i < 150; i++) telemetry.record(vital(i))
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS - 1)
    expect(t.posts).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(t.posts).toEqual([{ at: 5000, events: BATCH_LIMIT }])
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS)
    expect(t.posts).toEqual([
      { at: 5000, events: 100 },
      { at: 10000, events: 50 },
    ])
    // Nothing waiting: nothing sent.
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS)
    expect(t.posts).toHaveLength(2)
    telemetry.stop()
  })

  it('keeps at most 200 waiting and takes at most 200 a page load', async () => {
    const t = transport()
    const telemetry = createTelemetry('v', t)
    for (let i = 0; i < CACHE_LIMIT + 50; i++) telemetry.record(vital(i))
    expect(telemetry.state).toMatchObject({ queued: CACHE_LIMIT, recorded: CACHE_LIMIT })
    await vi.advanceTimersByTimeAsync(2 * DISPATCH_INTERVAL_MS)
    expect(telemetry.state.queued).toBe(0)
    // The session's 200 are spent: later events are dropped even though the queue is empty.
    telemetry.record(vital(1))
    expect(telemetry.state).toMatchObject({ queued: 0, recorded: SESSION_EVENT_LIMIT })
    telemetry.stop()
  })

  it('retries 429 and 5xx twice, after 2 s and then 4 s, then drops the batch', async () => {
    const t = transport([429, 503, 500])
    const telemetry = createTelemetry('v', t)
    telemetry.record(vital(1))
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS)
    await vi.advanceTimersByTimeAsync(2000)
    await vi.advanceTimersByTimeAsync(4000)
    expect(t.posts.map((p) => p.at)).toEqual([5000, 7000, 11000])
    // Dropped: no fourth attempt, and the next interval has nothing to send.
    await vi.advanceTimersByTimeAsync(20_000)
    expect(t.posts).toHaveLength(3)
    expect(telemetry.state).toMatchObject({ queued: 0, enabled: true })
    telemetry.stop()
  })

  it('a retry that succeeds ends the series', async () => {
    const t = transport([502])
    const telemetry = createTelemetry('v', t)
    telemetry.record(vital(1))
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS + 2000)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(t.posts.map((p) => p.at)).toEqual([5000, 7000])
    telemetry.stop()
  })

  it('gives up on a request after 10 s and retries it like a failure', async () => {
    const t = transport(['hang', 204])
    const telemetry = createTelemetry('v', t)
    telemetry.record(vital(1))
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS)
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    expect(t.posts).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1 + 2000)
    expect(t.posts.map((p) => p.at)).toEqual([5000, 5000 + REQUEST_TIMEOUT_MS + 2000])
    telemetry.stop()
  })

  it('403 and 404 turn telemetry off for the page', async () => {
    for (const status of [403, 404]) {
      const t = transport([status])
      const telemetry = createTelemetry('v', t)
      telemetry.record(vital(1))
      telemetry.record(vital(2))
      await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS)
      expect(telemetry.state).toMatchObject({ enabled: false, queued: 0 })
      telemetry.record(vital(3))
      telemetry.flush()
      await vi.advanceTimersByTimeAsync(60_000)
      expect(t.posts).toHaveLength(1)
      expect(t.beacons).toEqual([])
    }
  })

  it('other failures (400, 413) drop the batch at once, without retries', async () => {
    const t = transport([400])
    const telemetry = createTelemetry('v', t)
    telemetry.record(vital(1))
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS + 10_000)
    expect(t.posts).toHaveLength(1)
    expect(telemetry.state).toMatchObject({ enabled: true, queued: 0 })
    telemetry.stop()
  })

  it('sends one batch at a time: the next waits while a retry is pending', async () => {
    const t = transport([503])
    const telemetry = createTelemetry('v', t)
    telemetry.record(vital(1))
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS)
    telemetry.record(vital(2))
    // The interval fires at 10 s while the first batch waits for its retry at 7 s: that settles first.
    await vi.advanceTimersByTimeAsync(DISPATCH_INTERVAL_MS)
    expect(t.posts.map((p) => [p.at, p.events])).toEqual([
      [5000, 1],
      [7000, 1],
      [10000, 1],
    ])
    telemetry.stop()
  })

  it('flush sends what waits by beacon, in batches of 100, within the 64 KiB budget', () => {
    const t = transport()
    const telemetry = createTelemetry('v', t)
    for (let i = 0; i < 150; i++) telemetry.record(vital(i))
    telemetry.flush()
    expect(t.beacons.map((b) => JSON.parse(b).events.length)).toEqual([100, 50])
    expect(JSON.parse(t.beacons[0]).appVersion).toBe('v')
    expect(telemetry.state.queued).toBe(0)

    // Large errors: only what fits the budget goes; the rest waits for the next chance.
    const big = transport()
    const heavy = createTelemetry('v', big)
    for (let i = 0; i < 200; i++) heavy.record({ kind: 'error', name: 'error', route: '/', message: 'x'.repeat(1000) })
    heavy.flush()
    const sent = big.beacons.reduce((n, b) => n + new Blob([b]).size, 0)
    expect(sent).toBeLessThanOrEqual(MAX_BATCH_BYTES)
    expect(sent).toBeGreaterThan(MAX_BATCH_BYTES * 0.75)
    expect(heavy.state.queued).toBeGreaterThan(0)
    // Messages are cut to 500 characters.
    expect(JSON.parse(big.beacons[0]).events[0].message).toHaveLength(500)
    telemetry.stop()
    heavy.stop()
  })

  it('keeps the events when the browser refuses the beacon', () => {
    const t = transport()
    t.refuseBeacons()
    const telemetry = createTelemetry('v', t)
    telemetry.record(vital(1))
    telemetry.flush()
    expect(telemetry.state.queued).toBe(1)
    telemetry.stop()
  })
})
