import express from 'express'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptedEncodings, staticFiles } from './static'

const SCRIPT = Buffer.from(`export const answer = ${'42 + '.repeat(200)}0\n`)
let dir = ''
let base = ''
let close: () => void

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'app-abc.js'), SCRIPT)
  writeFileSync(join(dir, 'assets', 'app-abc.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(join(dir, 'assets', 'app-abc.js.gz'), gzipSync(SCRIPT))
  writeFileSync(join(dir, 'assets', 'plain-abc.css'), 'a{}')
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>')
  const app = express()
  app.use(staticFiles(dir))
  app.all('*', (_req, res) => {
    res.send('page')
  })
  await new Promise<void>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve()
    })
    close = () => server.close()
  })
})
afterAll(() => {
  close()
  rmSync(dir, { recursive: true, force: true })
})

/** A GET with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('static files', () => {
  it('sends an asset as its precompressed twin the browser accepts, Brotli first', async () => {
    const br = await get('/assets/app-abc.js', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(br.headers['vary']).toBe('Accept-Encoding')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.body).toEqual(brotliCompressSync(SCRIPT))

    const gz = await get('/assets/app-abc.js', { 'Accept-Encoding': 'gzip, br;q=0' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.body).toEqual(gzipSync(SCRIPT))

    const raw = await get('/assets/app-abc.js')
    expect(raw.headers['content-encoding']).toBeUndefined()
    expect(raw.body).toEqual(SCRIPT)
  })

  it('sends an asset without twins as it is', async () => {
    const res = await get('/assets/plain-abc.css', { 'Accept-Encoding': 'br' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe('a{}')
  })

  it('serves the root files listed at start and leaves every other path to the app', async () => {
    expect((await get('/favicon.svg')).body.toString()).toBe('<svg/>')
    writeFileSync(join(dir, 'robots.txt'), 'late')
    expect((await get('/robots.txt')).body.toString()).toBe('page')
    expect((await get('/organizations')).body.toString()).toBe('page')
    expect((await get('/assets/missing.js')).status).toBe(404)
    expect((await get('/assets/app-abc.js.br')).status).toBe(200)
  })

  it('reads Accept-Encoding, leaving out codings refused with q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br;q=0, zstd;q=0.5')]).toEqual(['gzip', 'deflate', 'zstd'])
    expect([...acceptedEncodings(undefined)]).toEqual([])
  })
})
