/**
 * A real SMTP server for the browser tests: it accepts every message on 127.0.0.1:2525 and keeps
 * it, raw, in memory and as a file under test-results/mail/ (cleared at start). A tiny HTTP
 * endpoint on 127.0.0.1:2526 serves what arrived:
 *   GET /healthz                 -> 200 "ok" (Playwright's readiness check)
 *   GET /messages?to=<address>   -> JSON [{ id, to, receivedAt, raw }], oldest first
 * Started by playwright.config.ts (`webServer`); ports may be changed with SMTP_SINK_PORT and
 * SMTP_SINK_HTTP_PORT.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { SMTPServer } from 'smtp-server'

const HOST = '127.0.0.1'
const SMTP_PORT = Number(process.env.SMTP_SINK_PORT ?? 2525)
const HTTP_PORT = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2526)
const DIR = resolve(process.env.SMTP_SINK_DIR ?? 'test-results/mail')

interface StoredMessage {
  id: number
  to: string[]
  receivedAt: string
  raw: string
}

rmSync(DIR, { recursive: true, force: true })
mkdirSync(DIR, { recursive: true })

const messages: StoredMessage[] = []

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('error', callback)
    stream.on('end', () => {
      const message: StoredMessage = {
        id: messages.length + 1,
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        receivedAt: new Date().toISOString(),
        raw: Buffer.concat(chunks).toString('utf8'),
      }
      messages.push(message)
      const safeTo = (message.to[0] ?? 'unknown').replace(/[^a-z0-9@._-]/gi, '_')
      try {
        writeFileSync(join(DIR, `${String(message.id).padStart(4, '0')}-${safeTo}.eml`), message.raw)
      } catch {
        // The folder may have been removed by a test runner; the message is still served over HTTP.
      }
      callback()
    })
  },
})
smtp.on('error', (error) => console.error('[smtp-sink]', error))

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}:${HTTP_PORT}`)
  if (url.pathname === '/healthz') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    return
  }
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase()
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list))
    return
  }
  res.writeHead(404).end()
})

smtp.listen(SMTP_PORT, HOST, () => {
  http.listen(HTTP_PORT, HOST, () => {
    console.info(`[smtp-sink] SMTP on ${HOST}:${SMTP_PORT}, messages on http://${HOST}:${HTTP_PORT}/messages, files in ${DIR}`)
  })
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    http.close()
    smtp.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 1000).unref()
  })
}
