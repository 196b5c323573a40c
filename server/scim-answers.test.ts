import express from 'express'
import type { AddressInfo } from 'node:net'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SCIM_ERROR_SCHEMA } from '../app/services/directory/scim-error'
import { scimErrorAnswers, scimErrorHandler } from './scim-answers'
import { bodyLimit, originCheck, pageMethods, requestLog } from './security'
import { sendServiceUnavailable } from './unavailable'

/*
 * The errors the server answers before the SCIM route (server/index.ts's order): under /scim/
 * each is a SCIM error (application/scim+json, the Error schema, `status` as a string), like
 * every error of the SCIM routes; anywhere else the catalogue's answer stays.
 */

let base = ''
let close: () => void
beforeAll(async () => {
  const app = express()
  app.use(requestLog({ log: false }), scimErrorAnswers(), originCheck('https://groups.example.se'), bodyLimit(100), pageMethods())
  app.all(['/scim/v2/Users', '/api/x'], (_req, res) => {
    res.status(201).json({ ok: true })
  })
  app.get(['/scim/v2/Busy', '/api/busy'], (req, res) => sendServiceUnavailable(req, res, 5))
  // As a parser before the route does with a malformed request: an error with its status.
  app.all(['/scim/v2/Malformed', '/api/malformed'], () => {
    throw Object.assign(new Error('invalid media type'), { status: 415 })
  })
  app.all('/scim/v2/Broken', () => {
    throw new Error('a bug')
  })
  app.use(scimErrorHandler())
  await new Promise<void>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve()
    })
    close = () => server.close()
  })
})
afterAll(() => close())

/** A request with the headers as given (Content-Length included), answered with its status, type and body. */
function send(method: string, path: string, headers: Record<string, string> = {}, body = '') {
  return new Promise<{ status: number; type: string; body: any }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        let parsed: unknown = text
        try {
          parsed = JSON.parse(text)
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body: parsed })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

const scimError = (status: number) => ({
  type: 'application/scim+json; charset=utf-8',
  body: { schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail: expect.any(String) },
})

describe('errors before the SCIM route', () => {
  it('a body over the limit is a SCIM 413', async () => {
    const big = JSON.stringify({ userName: 'x'.repeat(200) })
    const answer = await send(
      'POST',
      '/scim/v2/Users',
      { 'Content-Type': 'application/scim+json', 'Content-Length': String(big.length) },
      big,
    )
    expect(answer).toEqual({ status: 413, ...scimError(413) })
    expect(answer.body.detail).toMatch(/larger than/)
  })

  it('a chunked body (no length), a foreign origin and load shedding are SCIM errors too', async () => {
    const chunked = await send('POST', '/scim/v2/Users', { 'Content-Type': 'application/scim+json', 'Transfer-Encoding': 'chunked' }, '{}')
    expect(chunked).toEqual({ status: 411, ...scimError(411) })
    const foreign = await send('POST', '/scim/v2/Users', { Origin: 'https://evil.example', 'Content-Length': '2' }, '{}')
    expect(foreign).toEqual({ status: 403, ...scimError(403) })
    // A directory client that asks for HTML still gets the SCIM error, not the page.
    const busy = await send('GET', '/scim/v2/Busy', { Accept: 'text/html' })
    expect(busy).toEqual({ status: 503, ...scimError(503) })
  })

  it('an error of the request raised before the route (a malformed content type) is a SCIM error with its status; an unexpected one a SCIM 500', async () => {
    const malformed = await send('POST', '/scim/v2/Malformed', { 'Content-Type': 'application/scim+json;;=', 'Content-Length': '2' }, '{}')
    expect(malformed).toEqual({ status: 415, ...scimError(415) })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = await send('GET', '/scim/v2/Broken')
    expect(broken).toEqual({ status: 500, ...scimError(500) })
    expect(broken.body.detail).toBe('Server error')
    expect(logged).toHaveBeenCalledTimes(1)
    logged.mockRestore()
  })

  it('leaves the answers of the SCIM route and of everything else as they are', async () => {
    const ok = await send('POST', '/scim/v2/Users', { 'Content-Type': 'application/scim+json', 'Content-Length': '2' }, '{}')
    expect([ok.status, ok.body]).toEqual([201, { ok: true }])
    const big = 'x'.repeat(200)
    const api = await send('POST', '/api/x', { 'Content-Type': 'application/json', 'Content-Length': String(big.length) }, big)
    expect([api.status, api.type, api.body]).toEqual([413, 'application/json; charset=utf-8', { message: 'PAYLOAD_TOO_LARGE' }])
    const apiBusy = await send('GET', '/api/busy')
    expect([apiBusy.status, apiBusy.body]).toEqual([503, { message: 'SERVICE_UNAVAILABLE' }])
  })
})
