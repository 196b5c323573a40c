import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request as httpRequest } from 'node:http'
import { bodyLimit, cspNonce, originCheck, requestLog, securityHeaders } from './security'

let base = ''
let close: () => void
beforeAll(async () => {
  const app = express()
  app.use(requestLog({ log: false }), cspNonce, securityHeaders({ https: true, dev: false }), originCheck('https://groups.example.se'), bodyLimit(1000))
  app.all('/x', (_req, res) => {
    res.json({ ok: true })
  })
  await new Promise<void>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
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

describe('request ids', () => {
  it('gives every response an id, keeping a well-formed one from the caller', async () => {
    const a = (await fetch(`${base}/x`)).headers.get('x-request-id')
    expect(a).toMatch(/^[0-9a-f]{16}$/)
    expect((await fetch(`${base}/x`, { headers: { 'X-Request-Id': 'abc-123-def-456' } })).headers.get('x-request-id')).toBe('abc-123-def-456')
    expect((await fetch(`${base}/x`, { headers: { 'X-Request-Id': '<script>' } })).headers.get('x-request-id')).not.toBe('<script>')
  })
})
