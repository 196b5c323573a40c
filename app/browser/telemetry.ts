import {
  BATCH_LIMIT,
  CACHE_LIMIT,
  DISPATCH_INTERVAL_MS,
  MAX_BATCH_BYTES,
  MAX_MESSAGE_CHARS,
  MAX_RETRIES,
  REQUEST_TIMEOUT_MS,
  RETRY_BASE_MS,
  SESSION_EVENT_LIMIT,
  TELEMETRY_PATH,
  type TelemetryEvent,
} from '~/utils/telemetry-rules'

/**
 * The browser's telemetry batcher (spec section 9, ADR 011), free of the DOM so vitest drives it
 * with a fake clock. Events wait in a queue (at most CACHE_LIMIT, and SESSION_EVENT_LIMIT a page
 * load); every DISPATCH_INTERVAL_MS one batch of at most BATCH_LIMIT goes out by fetch. A 429, a
 * 5xx, a network failure or no answer within REQUEST_TIMEOUT_MS is retried MAX_RETRIES times after
 * 2 s, then 4 s, then the batch is dropped; 403 and 404 turn telemetry off for the page; any other
 * failure drops the batch at once. When the page is hidden or closed, `flush()` sends what waits by
 * beacon (text/plain, within the beacons' ~64 KiB budget).
 */
export interface TelemetryTransport {
  /** POSTs the body as JSON; resolves to the status, 0 for a network failure or a time-out. */
  post(body: string, signal: AbortSignal): Promise<number>
  /** navigator.sendBeacon: false when the browser refused it (over its budget). */
  beacon(body: string): boolean
}

export interface Telemetry {
  record(event: TelemetryEvent): void
  /** Sends one batch now (the timer calls this); resolves when it is settled. */
  dispatch(): Promise<void>
  /** Page hidden or closing: everything waiting, by beacon. */
  flush(): void
  stop(): void
  readonly state: { queued: number; recorded: number; enabled: boolean }
}

const cut = (event: TelemetryEvent): TelemetryEvent =>
  event.kind === 'error' && event.message.length > MAX_MESSAGE_CHARS
    ? { ...event, message: event.message.slice(0, MAX_MESSAGE_CHARS) }
    : event

export function createTelemetry(appVersion: string, transport: TelemetryTransport): Telemetry {
  let queue: TelemetryEvent[] = []
  let recorded = 0
  let enabled = true
  let sending = false
  const body = (events: TelemetryEvent[]) => JSON.stringify({ appVersion, events })
  const timer = setInterval(() => void dispatch(), DISPATCH_INTERVAL_MS)

  function turnOff() {
    enabled = false
    queue = []
    clearInterval(timer)
  }

  async function postOnce(text: string) {
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
    try {
      return await Promise.race([
        transport.post(text, controller.signal).catch(() => 0),
        new Promise<number>((resolve) => controller.signal.addEventListener('abort', () => resolve(0))),
      ])
    } finally {
      clearTimeout(timeout)
    }
  }

  async function dispatch() {
    if (!enabled || sending || queue.length === 0) return
    sending = true
    const batch = queue.splice(0, BATCH_LIMIT)
    const text = body(batch)
    try {
      for (let attempt = 0; ; attempt++) {
        const status = await postOnce(text)
        if (status >= 200 && status < 300) return
        if (status === 403 || status === 404) return turnOff()
        const retriable = status === 0 || status === 429 || status >= 500
        if (!retriable || attempt >= MAX_RETRIES) return
        await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2 ** attempt))
        if (!enabled) return
      }
    } finally {
      sending = false
    }
  }

  function flush() {
    if (!enabled) return
    let budget = MAX_BATCH_BYTES
    while (queue.length > 0) {
      // The largest head of the queue (at most a batch) whose body fits what is left of the budget.
      let count = Math.min(queue.length, BATCH_LIMIT)
      let text = body(queue.slice(0, count))
      while (count > 1 && new Blob([text]).size > budget) {
        count = Math.floor(count / 2)
        text = body(queue.slice(0, count))
      }
      const size = new Blob([text]).size
      if (size > budget || !transport.beacon(text)) return
      budget -= size
      queue.splice(0, count)
    }
  }

  return {
    record(event) {
      if (!enabled || recorded >= SESSION_EVENT_LIMIT || queue.length >= CACHE_LIMIT) return
      recorded++
      queue.push(cut(event))
    },
    dispatch,
    flush,
    stop: () => clearInterval(timer),
    get state() {
      return { queued: queue.length, recorded, enabled }
    },
  }
}

/** The transport of a real page: fetch (kept alive past unload) and sendBeacon, both same-origin. */
export const browserTransport: TelemetryTransport = {
  post: (text, signal) =>
    fetch(TELEMETRY_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text, signal, keepalive: true }).then(
      (res) => res.status,
      () => 0,
    ),
  // A string goes as text/plain;charset=UTF-8: no CORS preflight, which a beacon cannot make.
  beacon: (text) => navigator.sendBeacon(TELEMETRY_PATH, text),
}
