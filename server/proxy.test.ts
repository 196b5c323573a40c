import { createRequestHandler } from '@remix-run/express'
import { redirect, type ServerBuild } from '@remix-run/node'
import express from 'express'
import { request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '~/env.server'
import { createLoadContext } from '~/load-context.server'
import { ctxFor } from '~/services/context.server'
import { clientAddress, publicHost, trustProxy } from './proxy'
import { originCheck } from './security'

const APP_ORIGIN = 'https://groups.example.se'

/**
 * A Remix server build of one route whose action redirects to /done: Remix's own handling of a
 * form post (its Origin-against-Host check included) around the smallest possible app.
 */
const build = {
  mode: 'production',
  entry: { module: { default: (_request: Request, status: number) => new Response('page', { status }) } },
  routes: { root: { id: 'root', path: '', module: { action: () => redirect('/done'), default: () => null } } },
  assets: {
    entry: { module: '/entry.js', imports: [] },
    routes: {
      root: {
        id: 'root',
        module: '/root.js',
        hasAction: true,
        hasLoader: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
        imports: [],
      },
    },
    url: '/manifest.js',
    version: '1',
  },
  publicPath: '/',
  assetsBuildDirectory: '/nonexistent',
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild

/**
 * The server's chain (server/index.ts) on an ephemeral port, configured by TRUST_PROXY as the
 * app reads it: /who answers who the client is, as the app's services see it; anything else
 * goes to Remix.
 */
const servers: Server[] = []
async function serve(TRUST_PROXY?: string) {
  const app = express()
  trustProxy(app, parseEnv({ TRUST_PROXY }).TRUST_PROXY)
  app.use(originCheck(APP_ORIGIN))
  app.get('/who', (req, res) => {
    const context = createLoadContext({ cspNonce: '', clientIp: clientAddress(req), cookie: null, method: req.method })
    res.json({ address: context.clientIp, key: ctxFor(null, context).client, protocol: req.protocol, host: publicHost(req) })
  })
  app.all('*', createRequestHandler({ build, mode: 'production' }))
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const port = (server.address() as AddressInfo).port
  return { base: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}`, port }
}
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/** A raw HTTP request (fetch may not set Host). */
function send(port: number, path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { 'Content-Length': '0', ...headers } }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}
const who = async (port: number, headers: Record<string, string> = {}) =>
  JSON.parse((await send(port, '/who', { headers })).body) as { address: string; key: string; protocol: string; host: string }

describe('the client address, protocol and host', () => {
  it('by default trusts no proxy: a client rotating X-Forwarded-For keeps one key', async () => {
    const { port, host } = await serve()
    const keys = new Set<string>()
    for (let i = 0; i < 130; i++) keys.add((await who(port, { 'X-Forwarded-For': `198.51.100.${i}` })).key)
    expect([...keys]).toEqual(['127.0.0.1'])
    // Nor do the forwarded protocol and host count.
    expect(await who(port, { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' })).toMatchObject({ protocol: 'http', host })
  })

  it('ignores X-Forwarded-* from a peer that is not one of the listed proxies', async () => {
    const { port, host } = await serve('10.0.0.0/8, 192.168.1.7')
    const answers = [await who(port, { 'X-Forwarded-For': '198.51.100.1' }), await who(port, { 'X-Forwarded-For': '198.51.100.2' })]
    expect(answers.map((a) => a.key)).toEqual(['127.0.0.1', '127.0.0.1'])
    expect(await who(port, { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' })).toMatchObject({ protocol: 'http', host })
  })

  it('behind a trusted proxy gives each client its own key, with the protocol and host the proxy saw', async () => {
    const { port } = await serve('loopback')
    const first = await who(port, {
      'X-Forwarded-For': '198.51.100.1',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'groups.example.se',
    })
    expect(first).toEqual({ address: '198.51.100.1', key: '198.51.100.1', protocol: 'https', host: 'groups.example.se' })
    expect((await who(port, { 'X-Forwarded-For': '198.51.100.2' })).key).toBe('198.51.100.2')
    // What a client put in front of the proxy's entry is not believed: the proxy's peer is the client.
    expect((await who(port, { 'X-Forwarded-For': '203.0.113.66, 198.51.100.1' })).key).toBe('198.51.100.1')
  })

  it('with a hop count, believes that many proxies and no more', async () => {
    const { port } = await serve('1')
    expect((await who(port, { 'X-Forwarded-For': '203.0.113.66, 198.51.100.1' })).key).toBe('198.51.100.1')
    const two = await serve('2').then(async (s) => who(s.port, { 'X-Forwarded-For': '203.0.113.66, 198.51.100.1, 10.0.0.2' }))
    expect(two.key).toBe('198.51.100.1')
  })

  it('keys IPv6 clients by their /64', async () => {
    const { port } = await serve('loopback')
    const a = await who(port, { 'X-Forwarded-For': '2001:db8:1:2::5' })
    const b = await who(port, { 'X-Forwarded-For': '2001:db8:1:2:9999::1' })
    const c = await who(port, { 'X-Forwarded-For': '2001:db8:1:3::5' })
    expect(a).toMatchObject({ address: '2001:db8:1:2::5', key: '2001:db8:1:2::/64' })
    expect(b.key).toBe(a.key)
    expect(c.key).toBe('2001:db8:1:3::/64')
  })
})

describe('the Origin check behind a proxy', () => {
  const post = (port: number, headers: Record<string, string>) => send(port, '/', { method: 'POST', headers })

  it('answers a form post from APP_URL whose Host a proxy rewrote (Remix would answer 500)', async () => {
    const { port } = await serve()
    const res = await post(port, { Origin: APP_ORIGIN, Host: '10.0.0.5:3000' })
    expect(res.status).toBe(302)
    // Also when the proxy says X-Forwarded-Host, trusted or not.
    expect((await post(port, { Origin: APP_ORIGIN, 'X-Forwarded-Host': 'backend.internal' })).status).toBe(302)
    const { port: behind } = await serve('loopback')
    expect((await post(behind, { Origin: APP_ORIGIN, Host: 'backend:3000', 'X-Forwarded-Host': 'backend.internal' })).status).toBe(302)
  })

  it('takes the origin a trusted proxy forwards as our own, and no client its word for it', async () => {
    const { port: behind } = await serve('loopback')
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'other.example.se' }
    expect((await post(behind, { Origin: 'https://other.example.se', ...forwarded })).status).toBe(302)
    const { port: direct } = await serve()
    expect((await post(direct, { Origin: 'https://other.example.se', ...forwarded })).status).toBe(403)
  })

  it('lets a same-host post through when a client adds its own X-Forwarded-Host (Remix would answer 500)', async () => {
    const { port, base } = await serve()
    expect((await post(port, { Origin: base, 'X-Forwarded-Host': 'elsewhere.example' })).status).toBe(302)
  })

  it('still refuses foreign origins with 403', async () => {
    const { port } = await serve('loopback')
    expect((await post(port, { Origin: 'https://evil.example' })).status).toBe(403)
    expect((await post(port, { Origin: 'https://evil.example', 'X-Forwarded-Host': 'groups.example.se' })).status).toBe(403)
  })
})
