import type { Express } from 'express'
import { createServer, request, type Agent, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/**
 * One request with node:http (not fetch: its timers are node's own, so tests may fake the global
 * setTimeout), read to the end. `agent` keeps the connection for the next request.
 */
export function httpGet(
  url: string,
  options: { headers?: Record<string, string>; agent?: Agent; signal?: AbortSignal } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: options.headers, agent: options.agent, signal: options.signal }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** An Express app on an ephemeral port of 127.0.0.1. */
export async function listen(app: Express): Promise<{ server: Server; base: string }> {
  const server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** A promise with its resolve, for handlers a test finishes when it chooses. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}
