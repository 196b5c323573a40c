import { createReadableStreamFromReadable } from '@remix-run/node'
import express from 'express'
import { connect, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request as httpRequest } from 'node:http'
import { pictureTooLargeRedirect } from '../app/utils/picture-rules'
import { bodyLimit, cspNonce, DRAIN_MAX_BYTES, originCheck, pageMethods, requestLog, securityHeaders } from './security'

let base = ''
let port = 0
let close: () => void
beforeAll(async () => {
  const app = express()
  const limit = (req: express.Request) => (req.path === '/unread' ? 1_000_000 : 1000)
  app.use(
    requestLog({ log: false }),
    cspNonce,
    securityHeaders({ https: true, dev: false }),
    originCheck('https://groups.example.se'),
    bodyLimit(limit, { tooLarge: (req) => pictureTooLargeRedirect(req.path) }),
    pageMethods(),
  )
  app.all(['/x', '/users/:id/picture'], (_req, res) => {
    res.json({ ok: true })
  })
  // As Remix does: the body becomes a web stream (which reads a little of it), and the app answers
  // without reading the rest, e.g. a guard's 401 before the form is read.
  app.all('/unread', (req, res) => {
    createReadableStreamFromReadable(req)
    res.status(401).json({ message: 'SESSION_NOT_FOUND' })
  })
  await new Promise<void>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port
      base = `http://127.0.0.1:${port}`
      resolve()
    })
    close = () => server.close()
  })
})
afterAll(() => close())

describe('origin check', () => {
  it('refuses a non-GET request from a foreign origin with 403', async () => {
    const res = await fetch(`${base}/x`, { method: 'POST', headers: { Origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: 'FORBIDDEN' })
  })

  it('refuses Origin: null and cross-site fetch metadata', async () => {
    expect((await fetch(`${base}/x`, { method: 'POST', headers: { Origin: 'null' } })).status).toBe(403)
    expect((await fetch(`${base}/x`, { method: 'PUT', headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403)
  })

  it('lets our own origin, a same-host origin and GETs from anywhere through', async () => {
    expect((await fetch(`${base}/x`, { method: 'POST', headers: { Origin: 'https://groups.example.se' } })).status).toBe(200)
    expect((await fetch(`${base}/x`, { method: 'POST', headers: { Origin: base } })).status).toBe(200)
    expect((await fetch(`${base}/x`, { headers: { Origin: 'https://evil.example' } })).status).toBe(200)
  })
})

describe('security headers', () => {
  it('sends a nonce CSP, no framing, nosniff, a referrer policy and HSTS on https', async () => {
    const a = await fetch(`${base}/x`)
    const b = await fetch(`${base}/x`)
    const csp = a.headers.get('content-security-policy')!
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toBe(b.headers.get('content-security-policy'))
    expect(a.headers.get('x-content-type-options')).toBe('nosniff')
    expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(a.headers.get('strict-transport-security')).toContain('max-age=31536000')
  })
})

describe('body limit', () => {
  it('refuses a body over the limit by its length, and a body without a length', async () => {
    expect((await fetch(`${base}/x`, { method: 'POST', body: 'a'.repeat(1001) })).status).toBe(413)
    expect((await fetch(`${base}/x`, { method: 'POST', body: 'a'.repeat(999) })).status).toBe(200)
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/x`, { method: 'POST', headers: { 'Transfer-Encoding': 'chunked' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.write('a'.repeat(10))
      req.end()
    })
    expect(chunked).toBe(411)
  })
})

describe('page methods', () => {
  it('answers a page with another method than GET, HEAD or POST with 405 and Allow; leaves the API to its routes', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const res = await fetch(`${base}/x`, { method })
      expect([res.status, res.headers.get('Allow'), await res.json()], method).toEqual([
        405,
        'GET, HEAD, POST',
        { message: 'METHOD_NOT_ALLOWED' },
      ])
    }
    expect((await fetch(`${base}/x`, { method: 'POST' })).status).toBe(200)
    expect((await fetch(`${base}/api/x`, { method: 'PUT' })).status).toBe(404)
    // The SCIM endpoint declares its own methods too (PUT, PATCH, DELETE), and a directory sends no Origin.
    for (const method of ['PUT', 'PATCH', 'DELETE']) expect((await fetch(`${base}/scim/v2/Users/1`, { method })).status, method).toBe(404)
  })
})

describe('request ids', () => {
  it('gives every response an id, keeping a well-formed one from the caller', async () => {
    const a = (await fetch(`${base}/x`)).headers.get('x-request-id')
    expect(a).toMatch(/^[0-9a-f]{16}$/)
    expect((await fetch(`${base}/x`, { headers: { 'X-Request-Id': 'abc-123-def-456' } })).headers.get('x-request-id')).toBe(
      'abc-123-def-456',
    )
    expect((await fetch(`${base}/x`, { headers: { 'X-Request-Id': '<script>' } })).headers.get('x-request-id')).not.toBe('<script>')
  })
})

/**
 * A keep-alive connection written to by hand: what the server sends back as text, whether the
 * server reset it, and when it closed.
 */
async function rawConnection() {
  const socket = connect(port, '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  let received = ''
  const errors: string[] = []
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  socket.on('error', (error) => errors.push(error.message))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  // Status lines; a body is JSON, so one ends where the next response's status line begins.
  const responses = () => received.match(/HTTP\/1\.1 \d{3} [^\r\n]*/g) ?? []
  /** Resolves once the server has sent `n` responses. */
  const responsesArrived = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (responses().length >= n && received.endsWith('}')) {
          socket.off('data', check)
          resolve()
        }
      }
      socket.on('data', check)
      check()
    })
  const post = (path: string, body: string, headers = `Content-Length: ${Buffer.byteLength(body)}`) =>
    socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}\r\n\r\n${body}`)
  const get = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`)
  return { socket, post, get, responses, responsesArrived, closed, errors, received: () => received }
}

describe('connections after a refused body', () => {
  it('a picture upload over the limit goes back to the profile page (303) with the error, not a bare 413, and closes cleanly', async () => {
    const c = await rawConnection()
    // Read to its end, further than a refused JSON body: a browser would see a reset if the rest were left unread.
    const size = DRAIN_MAX_BYTES + 2_000_000
    c.post('/users/u1/picture', 'x'.repeat(size - 1000), `Content-Length: ${size}`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(c.responses()).toEqual([])
    c.socket.write('x'.repeat(1000))
    await c.closed
    expect(c.errors).toEqual([])
    expect(c.responses()).toEqual(['HTTP/1.1 303 See Other'])
    expect(c.received()).toMatch(/^Location: \/users\/u1\?pictureError=PICTURE_TOO_LARGE\r$/m)
    expect(c.received()).toMatch(/^Connection: close\r$/m)
    // Under the limit the route has it.
    expect((await fetch(`${base}/users/u1/picture`, { method: 'POST', body: 'a'.repeat(999) })).status).toBe(200)
  })

  it('413: answers with Connection: close once the body is in, and closes without a reset', async () => {
    const c = await rawConnection()
    c.post('/x', 'x'.repeat(800_000))
    await c.closed
    expect(c.errors).toEqual([])
    expect(c.responses()).toEqual(['HTTP/1.1 413 Payload Too Large'])
    expect(c.received()).toMatch(/^Connection: close\r$/m)
    expect(c.received().endsWith('{"message":"PAYLOAD_TOO_LARGE"}')).toBe(true)
  })

  it('411: the same for a chunked body, however much of it comes', async () => {
    const c = await rawConnection()
    const chunk = 'x'.repeat(64 * 1024)
    c.post('/x', `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`, 'Transfer-Encoding: chunked')
    await c.closed
    expect(c.errors).toEqual([])
    expect(c.responses()).toEqual(['HTTP/1.1 411 Length Required'])
    expect(c.received()).toMatch(/^Connection: close\r$/m)
    expect(c.received().endsWith('{"message":"LENGTH_REQUIRED"}')).toBe(true)

    // A body that does not end: the answer comes after DRAIN_MAX_BYTES, and the connection closes.
    const endless = await rawConnection()
    endless.post('/x', '', 'Transfer-Encoding: chunked')
    const big = `${(1024 * 1024).toString(16)}\r\n${'y'.repeat(1024 * 1024)}\r\n`
    for (let sent = 0; sent <= DRAIN_MAX_BYTES && !endless.socket.destroyed; sent += 1024 * 1024) endless.socket.write(big)
    await endless.closed
    expect(endless.responses()).toEqual(['HTTP/1.1 411 Length Required'])
  })

  it('a body the app answered without reading does not wedge the connection: the next request is answered', async () => {
    const c = await rawConnection()
    c.post('/unread', JSON.stringify({ data: 'x'.repeat(700_000) }))
    await c.responsesArrived(1)
    c.get('/x')
    await c.responsesArrived(2)
    expect(c.responses()).toEqual(['HTTP/1.1 401 Unauthorized', 'HTTP/1.1 200 OK'])
    expect(c.errors).toEqual([])
    c.socket.destroy()
  })
})
