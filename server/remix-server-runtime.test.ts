import { getEventListeners } from 'node:events'
import { createRequire } from 'node:module'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The server's copy of @remix-run/server-runtime is patched
 * (patches/@remix-run+server-runtime+*.patch, ADR 020): the loader data's encoding clears its
 * 4.95 s timer and the request's abort listener as soon as it ends, instead of keeping every
 * response's data alive for five seconds; a loader gets the request itself, not two copies, when
 * there is nothing to strip. These tests fail on an unpatched install.
 */
type Encode = (data: unknown, signal: AbortSignal, streamTimeout: number | undefined, serverMode: string) => ReadableStream<Uint8Array>
const { encodeViaTurboStream } = createRequire(import.meta.url)('@remix-run/server-runtime/dist/single-fetch.js') as {
  encodeViaTurboStream: Encode
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder()
  let text = ''
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true })
  return text + decoder.decode()
}

describe("the loader data's encoding", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('leaves no timer and no listener once the data is encoded', async () => {
    const request = new AbortController()
    const text = await readAll(encodeViaTurboStream({ root: { data: { name: 'Åsa' } } }, request.signal, undefined, 'production'))
    expect(text).toContain('Åsa')
    expect(vi.getTimerCount()).toBe(0)
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0)
  })

  it('keeps the timer while deferred data is pending, and still times it out', async () => {
    const request = new AbortController()
    const never = new Promise(() => {})
    const reading = readAll(encodeViaTurboStream({ root: { data: { later: never } } }, request.signal, 100, 'production'))
    await vi.advanceTimersByTimeAsync(50)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(60)
    // The timeout rejected the pending value in the stream (Remix's own behaviour, unchanged;
    // production hides the reason).
    expect(await reading).toContain('"SanitizedError"')
    expect(vi.getTimerCount()).toBe(0)
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0)
  })

  it('clears both when the reader goes away early', async () => {
    const request = new AbortController()
    const stream = encodeViaTurboStream({ root: { data: { later: new Promise(() => {}) } } }, request.signal, undefined, 'production')
    const reader = stream.getReader()
    await reader.read()
    await reader.cancel()
    expect(vi.getTimerCount()).toBe(0)
    expect(getEventListeners(request.signal, 'abort')).toHaveLength(0)
  })
})

type CallRouteLoader = (args: {
  loadContext: unknown
  loader: (args: { request: Request }) => unknown
  params: Record<string, string>
  request: Request
  routeId: string
  singleFetch: boolean
}) => Promise<unknown>
const { callRouteLoader } = createRequire(import.meta.url)('@remix-run/server-runtime/dist/data.js') as { callRouteLoader: CallRouteLoader }

describe("a loader's request", () => {
  const requestSeenBy = (url: string) =>
    callRouteLoader({
      loadContext: {},
      loader: ({ request }) => request,
      params: {},
      request: new Request(url),
      routeId: 'r',
      singleFetch: true,
    }) as Promise<Request>

  it('is the request itself when there is nothing to strip (no copy per loader)', async () => {
    const request = new Request('http://localhost/organizations/x/members?page=2&q=index')
    const seen = await callRouteLoader({
      loadContext: {},
      loader: ({ request }) => request,
      params: {},
      request,
      routeId: 'r',
      singleFetch: true,
    })
    expect(seen).toBe(request)
  })

  it("still loses Remix's own parameters: an empty ?index and ?_routes", async () => {
    expect((await requestSeenBy('http://localhost/groups?index&page=2')).url).toBe('http://localhost/groups?page=2')
    expect((await requestSeenBy('http://localhost/groups?index=kept')).url).toBe('http://localhost/groups?index=kept')
    expect((await requestSeenBy('http://localhost/groups?_routes=root&q=a')).url).toBe('http://localhost/groups?q=a')
  })
})
