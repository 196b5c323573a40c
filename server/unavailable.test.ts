import express from 'express'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import en from '../app/i18n/locales/en/common.json'
import sv from '../app/i18n/locales/sv/common.json'
import { httpGet, listen } from '../tests/support/http'
import { sendServiceUnavailable } from './unavailable'

let server: Server
let base = ''
beforeAll(async () => {
  const app = express()
  app.all('*', (req, res) => sendServiceUnavailable(req, res, 7))
  ;({ server, base } = await listen(app))
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

describe('503 answer', () => {
  it('is the catalogue JSON for API calls, JSON requests and clients that accept anything', async () => {
    for (const [path, accept] of [
      ['/api/v1/organizations', BROWSER],
      ['/organizations', 'application/json'],
      ['/organizations', '*/*'],
    ]) {
      const res = await httpGet(`${base}${path}`, { headers: { Accept: accept } })
      expect(res.status).toBe(503)
      expect(res.headers['retry-after']).toBe('7')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(JSON.parse(res.body)).toEqual({ message: 'SERVICE_UNAVAILABLE' })
    }
  })

  it('is a small page in Swedish, or in English when the browser prefers it, for documents', async () => {
    const page = (language?: string) =>
      httpGet(`${base}/organizations`, { headers: { Accept: BROWSER, ...(language ? { 'Accept-Language': language } : {}) } })
    const swedish = await page()
    expect(swedish.status).toBe(503)
    expect(swedish.headers['content-type']).toMatch(/^text\/html/)
    expect(swedish.headers['retry-after']).toBe('7')
    expect(swedish.body).toContain('<html lang="sv">')
    expect(swedish.body).toContain(sv.errors.SERVICE_UNAVAILABLE)
    expect((await page('sv-SE,sv;q=0.9,en;q=0.8')).body).toContain('<html lang="sv">')
    const english = await page('en-GB,en;q=0.9')
    expect(english.body).toContain('<html lang="en">')
    expect(english.body).toContain(en.errors.SERVICE_UNAVAILABLE)
    expect((await page('de-DE,de;q=0.9')).body).toContain('<html lang="sv">')
  })
})
