import express from 'express'
import { Agent, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferred, httpGet, listen } from '../tests/support/http'
import { loader as healthz } from '~/routes/healthz'
import { beginShutdown } from '~/utils/shutdown-state'
import { exitCode, gracefulShutdown } from './lifecycle'

let server: Server | undefined
const agents: Agent[] = []
afterEach(() => {
  vi.useRealTimers()
  server?.closeAllConnections()
  server?.close()
  agents.splice(0).forEach((agent) => agent.destroy())
})

/** One connection kept open between requests, as a browser keeps it. */
const keepAlive = () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  agents.push(agent)
  return agent
}

/** A server with GET /fast and GET /slow (answers when the test calls `finishSlow`), and its shutdown. */
async function harness(graceMs = 5000, onStart?: () => void) {
  const started = deferred()
  const finish = deferred()
  const streaming = deferred()
  const finishStream = deferred()
  const app = express()
  app.get('/fast', (_req, res) => {
    res.send('fast')
  })
  // The app's real /healthz loader, as Remix would call it.
  app.get('/healthz', async (req, res) => {
    const answer = await healthz({ request: new Request(`http://localhost${req.url}`), params: {}, context: {} } as never)
    answer.headers.forEach((value, name) => res.setHeader(name, value))
    res.status(answer.status).send(await answer.text())
  })
  app.get('/slow', async (_req, res) => {
    started.resolve()
    await finish.promise
    res.send('slow')
  })
  app.get('/stream', async (_req, res) => {
    res.write('first part')
    streaming.resolve()
    await finishStream.promise
    res.end(', last part')
  })
  const listening = await listen(app)
  server = listening.server
  const sockets: Socket[] = []
  server.on('connection', (socket) => sockets.push(socket))
  const events: string[] = []
  const exit = vi.fn((code: number) => void events.push(`exit ${code}`))
  const onClose = vi.fn(async () => void events.push('app closed'))
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const lifecycle = gracefulShutdown(server, { graceMs, idleCloseMs: 20, onStart, onClose, exit, log })
  return {
    ...listening,
    lifecycle,
    sockets,
    events,
    exit,
    onClose,
    log,
    slowStarted: started.promise,
    finishSlow: () => finish.resolve(),
    streaming: streaming.promise,
    finishStream: () => finishStream.resolve(),
  }
}

describe('graceful shutdown', () => {
  it('stops accepting, closes idle keep-alive connections, lets the request in progress finish with Connection: close, then exits 0', async () => {
    const h = await harness()
    const idle = keepAlive()
    expect((await httpGet(`${h.base}/fast`, { agent: idle })).headers.connection).toBe('keep-alive')
    const idleSocket = h.sockets[0]
    const slow = httpGet(`${h.base}/slow`, { agent: keepAlive() })
    await h.slowStarted
    const slowSocket = h.sockets[1]

    const done = h.lifecycle.shutdown('SIGTERM')
    await once(idleSocket, 'close')
    expect(slowSocket.destroyed).toBe(false)
    // No new connections.
    await expect(httpGet(`${h.base}/fast`)).rejects.toThrow(/ECONNREFUSED/)
    expect(h.onClose).not.toHaveBeenCalled()

    h.events.push('slow answered')
    h.finishSlow()
    const answer = await slow
    expect(`${answer.status} ${answer.body}`).toBe('200 slow')
    expect(answer.headers.connection).toBe('close')
    expect(await done).toBe(0)
    expect(slowSocket.destroyed).toBe(true)
    expect(h.events).toEqual(['slow answered', 'app closed', 'exit 0'])
    expect(h.log.warn).not.toHaveBeenCalled()
  })

  it('answers a request that arrives on a connection opened before the shutdown with Connection: close', async () => {
    const h = await harness()
    const slow = httpGet(`${h.base}/slow`)
    await h.slowStarted
    const early = connect(Number(new URL(h.base).port), '127.0.0.1')
    await once(early, 'connect')

    const done = h.lifecycle.shutdown('SIGTERM')
    early.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n')
    let raw = ''
    early.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    await once(early, 'close')
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(raw).toMatch(/\r\nConnection: close\r\n/i)
    expect(raw.endsWith('fast')).toBe(true)

    h.finishSlow()
    await slow
    expect(await done).toBe(0)
  })

  it('answers the next request on a connection whose keep-alive answer was under way at the shutdown, then closes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const h = await harness()
    const slow = httpGet(`${h.base}/slow`)
    await h.slowStarted
    const agent = keepAlive()
    const stream = httpGet(`${h.base}/stream`, { agent })
    await h.streaming
    const streamClosed = once(h.sockets[1], 'close')

    const done = h.lifecycle.shutdown('SIGTERM')
    await vi.waitFor(() => expect(h.server.listening).toBe(false))
    h.finishStream()
    const answer = await stream
    expect(answer.body).toBe('first part, last part')
    expect(answer.headers.connection).toBe('keep-alive')
    // The connection is swept for idle ones right after its answer; the client sends its next
    // request on it then.
    vi.advanceTimersByTime(20)
    const next = await httpGet(`${h.base}/fast`, { agent })
    expect(`${next.status} ${next.body} ${next.headers.connection}`).toBe('200 fast close')
    await streamClosed
    expect(h.sockets).toHaveLength(2)
    expect(h.lifecycle.inFlight()).toBe(1)

    h.finishSlow()
    await slow
    vi.advanceTimersByTime(20)
    expect(await done).toBe(0)
  })

  it('closes a connection whose keep-alive answer was under way at the shutdown once it stays idle', async () => {
    const h = await harness()
    const slow = httpGet(`${h.base}/slow`)
    await h.slowStarted
    const stream = httpGet(`${h.base}/stream`, { agent: keepAlive() })
    await h.streaming
    const streamClosed = once(h.sockets[1], 'close')

    const done = h.lifecycle.shutdown('SIGTERM')
    await vi.waitFor(() => expect(h.server.listening).toBe(false))
    h.finishStream()
    expect((await stream).headers.connection).toBe('keep-alive')
    await streamClosed
    expect(h.lifecycle.inFlight()).toBe(1)

    h.finishSlow()
    await slow
    expect(await done).toBe(0)
  })

  it('answers a request already sent on an idle keep-alive connection but not yet read when the shutdown starts', async () => {
    const h = await harness()
    const socket = connect(Number(new URL(h.base).port), '127.0.0.1')
    let raw = ''
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await vi.waitFor(() => expect(raw).toMatch(/fast$/))
    expect(raw).toMatch(/\r\nConnection: keep-alive\r\n/i)

    // Written to the kernel at once; the server reads it in its next turn, after shutdown began.
    raw = ''
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n')
    const done = h.lifecycle.shutdown('SIGTERM')
    await once(socket, 'close')
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(raw).toMatch(/\r\nConnection: close\r\n/i)
    expect(await done).toBe(0)
  })

  it('keeps an idle keep-alive connection a moment for a request sent just after the shutdown began', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const h = await harness()
    const socket = connect(Number(new URL(h.base).port), '127.0.0.1')
    let raw = ''
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await vi.waitFor(() => expect(raw).toMatch(/fast$/))

    const done = h.lifecycle.shutdown('SIGTERM')
    for (let i = 0; i < 3; i++) await nextTurn()
    raw = ''
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await once(socket, 'close')
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(raw).toMatch(/\r\nConnection: close\r\n/i)
    vi.advanceTimersByTime(20)
    expect(await done).toBe(0)
  })

  it('serves the connections already in the listen queue before it stops accepting', async () => {
    const h = await harness()
    const port = Number(new URL(h.base).port)
    // Connected by the kernel at once; the server accepts one connection per turn of its loop.
    const answers = Array.from({ length: 6 }, () => {
      const socket = connect(port, '127.0.0.1')
      socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n')
      let raw = ''
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString()))
      return new Promise<string>((resolve) => {
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
        socket.on('close', () => resolve(raw.split('\r\n')[0]))
      })
    })
    const done = h.lifecycle.shutdown('SIGTERM')
    expect(await Promise.all(answers)).toEqual(Array(6).fill('HTTP/1.1 200 OK'))
    expect(await done).toBe(0)
  })

  it('cuts a request that outlives the grace period and exits 1, saying what it cut', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const h = await harness(8000)
    const slow = httpGet(`${h.base}/slow?token=secret`).catch((error: NodeJS.ErrnoException) => error.code)
    await h.slowStarted

    const done = h.lifecycle.shutdown('SIGTERM')
    vi.advanceTimersByTime(7999)
    expect(h.exit).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(await done).toBe(1)
    expect(await slow).toBe('ECONNRESET')
    expect(h.events).toEqual(['app closed', 'exit 1'])
    expect(h.log.warn).toHaveBeenCalledWith('shutdown: cutting 1 request(s) still in progress: GET /slow')
  })

  it('a second signal cuts at once', async () => {
    const h = await harness(60_000)
    const slow = httpGet(`${h.base}/slow`).catch((error: NodeJS.ErrnoException) => error.code)
    await h.slowStarted
    const first = h.lifecycle.shutdown('SIGINT')
    const second = h.lifecycle.shutdown('SIGINT')
    expect(await first).toBe(1)
    expect(await second).toBe(1)
    expect(await slow).toBe('ECONNRESET')
    expect(h.exit).toHaveBeenCalledTimes(1)
  })

  it('exits at once with 0 when nothing is in progress, and 1 when the app fails to close', async () => {
    const h = await harness()
    expect(await h.lifecycle.shutdown('SIGTERM')).toBe(0)
    expect(h.events).toEqual(['app closed', 'exit 0'])

    const failing = await harness()
    failing.onClose.mockRejectedValueOnce(new Error('pool is stuck'))
    expect(await failing.lifecycle.shutdown('SIGTERM')).toBe(1)
    expect(failing.log.error).toHaveBeenCalledWith('shutdown: closing the app failed: pool is stuck')
  })

  it('marks the app as shutting down at once: /healthz answers 503 while other requests are still served, once per shutdown', async () => {
    const onStart = vi.fn(beginShutdown)
    const h = await harness(5000, onStart)
    const balancer = keepAlive()
    const user = keepAlive()
    expect((await httpGet(`${h.base}/healthz`, { agent: balancer })).status).toBe(200)
    expect((await httpGet(`${h.base}/fast`, { agent: user })).status).toBe(200)
    const slow = httpGet(`${h.base}/slow`)
    await h.slowStarted

    const done = h.lifecycle.shutdown('SIGTERM')
    expect(onStart).toHaveBeenCalledTimes(1)
    const [health, fast] = await Promise.all([
      httpGet(`${h.base}/healthz`, { agent: balancer }),
      httpGet(`${h.base}/fast`, { agent: user }),
    ])
    expect(health.status).toBe(503)
    expect(health.headers['retry-after']).toBe('5')
    expect(health.headers['cache-control']).toBe('no-store')
    expect(fast).toMatchObject({ status: 200, body: 'fast' })
    h.finishSlow()
    expect((await slow).body).toBe('slow')
    expect(await done).toBe(0)
    expect(onStart).toHaveBeenCalledTimes(1)
  })

  it('decides the exit code: 0 only when nothing was cut and the app closed', () => {
    expect(exitCode({ cut: 0, closeFailed: false })).toBe(0)
    expect(exitCode({ cut: 3, closeFailed: false })).toBe(1)
    expect(exitCode({ cut: 0, closeFailed: true })).toBe(1)
  })
})
