import { simpleParser } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDb, db } from '~/db/db.server'
import { addSeconds } from '~/utils/ids.server'
import { smtpTransport, sendMail, type Mail, type MailTransport } from './mailer.server'
import { deliverDueMail, startOutboxWorker, WAKE_DELAY_MS } from './outbox-worker.server'
import { claimDueMail, MAIL_LEASE_SECONDS, MAIL_MAX_ATTEMPTS, markSent, retryDelaySeconds, retryMailNow } from './outbox.server'
import { passwordResetEmail, verificationEmail } from './templates.server'

// A real SMTP server on a free port, and a port where nothing listens (SMTP down).
const received: { to: string[]; raw: string }[] = []
let server: SMTPServer
let smtpUrl = ''
let deadUrl = ''
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
  deadUrl = `smtp://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise<void>((resolve) => closed.close(() => resolve()))
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const quiet = { info: () => {}, warn: () => {}, error: () => {} }
const FROM = 'Groups <no-reply@example.se>'
const mail = (to: string): Mail => ({ to, subject: `Hello ${to}`, text: 'text', html: '<p>html</p>' })
const rowsTo = (to: string) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute()

beforeEach(async () => {
  await db().deleteFrom('mail_outbox').execute()
  received.length = 0
})

describe('the outbox', () => {
  it('queues without sending; the worker delivers over a real SMTP conversation and marks it sent', async () => {
    await sendMail(db(), verificationEmail({ email: 'ann@example.se', name: 'Ann', locale: 'en' }, 'tok_123'))
    const [queued] = await rowsTo('ann@example.se')
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 })
    expect(received).toHaveLength(0)

    const now = addSeconds(new Date(), 60)
    expect(await deliverDueMail({ db: db(), transport: smtpTransport(smtpUrl, FROM), now: () => now, log: quiet })).toEqual({
      sent: 1,
      failed: 0,
    })

    expect(received).toHaveLength(1)
    const message = await simpleParser(received[0].raw)
    expect(message.from?.text).toContain('no-reply@example.se')
    expect(message.to && 'text' in message.to ? message.to.text : '').toBe('ann@example.se')
    expect(message.subject).toBe('Confirm your email address for Groups')
    expect(message.text).toContain('/verify?token=tok_123')
    expect(message.html).toContain('href="http://localhost:3000/verify?token=tok_123"')
    const [sent] = await rowsTo('ann@example.se')
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, sent_at: now.toISOString(), claimed_until: null, last_error: null })
    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverDueMail({ db: db(), transport: smtpTransport(smtpUrl, FROM), now: () => now, log: quiet })).toEqual({
      sent: 0,
      failed: 0,
    })
  })

  it('keeps the message in the database for /dev/mailbox without SMTP (the body as composed)', async () => {
    await sendMail(db(), passwordResetEmail({ email: 'bo@example.se', name: 'Bo <b>', locale: 'sv' }, 'tok_456'))
    const [row] = await rowsTo('bo@example.se')
    expect(row.subject).toBe('Välj ett nytt lösenord för Groups')
    expect(row.html_body).toContain('Hej Bo &lt;b&gt;,')
    expect(row.text_body).toContain('/new-password?token=tok_456')
  })

  it('SMTP down: retried with a growing backoff, then dead after the last attempt, with the error kept', async () => {
    await sendMail(db(), mail('down@example.se'))
    const transport = smtpTransport(deadUrl, FROM)
    let now = addSeconds(new Date(), 60)
    const random = () => 0.5
    const waits: number[] = []
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueMail({ db: db(), transport, now: () => now, random, log: quiet })).toEqual({ sent: 0, failed: 1 })
      const [row] = await rowsTo('down@example.se')
      expect(row.attempts).toBe(attempt)
      expect(row.last_error).toMatch(/ECONNREFUSED/)
      if (attempt === MAIL_MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: 'dead', next_attempt_at: null })
        break
      }
      expect(row.status).toBe('failed')
      const wait = (Date.parse(row.next_attempt_at!) - now.getTime()) / 1000
      expect(wait).toBe(retryDelaySeconds(attempt, random))
      waits.push(wait)
      // Not due a second before its time; due at its time.
      now = addSeconds(now, wait - 1)
      expect(await deliverDueMail({ db: db(), transport, now: () => now, random, log: quiet })).toEqual({ sent: 0, failed: 0 })
      now = addSeconds(now, 1)
    }
    expect(waits).toEqual([...waits].sort((a, b) => a - b))
    expect(waits.at(-1)! / waits[0]).toBeGreaterThanOrEqual(32)
    // Dead mail is never claimed again, however late.
    now = addSeconds(now, 365 * 24 * 3600)
    expect(await deliverDueMail({ db: db(), transport, now: () => now, log: quiet })).toEqual({ sent: 0, failed: 0 })

    // "Retry now" (a platform admin) queues it again with a fresh series; SMTP is back.
    const [dead] = await rowsTo('down@example.se')
    expect(await retryMailNow(db(), dead.id, now)).toBe(true)
    expect(await deliverDueMail({ db: db(), transport: smtpTransport(smtpUrl, FROM), now: () => now, log: quiet })).toEqual({
      sent: 1,
      failed: 0,
    })
    expect((await rowsTo('down@example.se'))[0]).toMatchObject({ status: 'sent', attempts: 1 })
    expect(await retryMailNow(db(), dead.id, now)).toBe(false)
  })

  it('the backoff has jitter within [half, full] of an exponential step, capped at an hour', () => {
    expect(retryDelaySeconds(1, () => 0)).toBe(30)
    expect(retryDelaySeconds(1, () => 1)).toBe(60)
    expect(retryDelaySeconds(3, () => 0)).toBe(120)
    expect(retryDelaySeconds(3, () => 1)).toBe(240)
    expect(retryDelaySeconds(20, () => 1)).toBe(3600)
  })

  it('two workers on two connections never send one message twice', async () => {
    const count = 40
    for (let i = 0; i < count; i++) await sendMail(db(), mail(`pair-${i}@example.se`))
    const other = createDb(process.env.DATABASE_URL)
    const sent: string[] = []
    // A transport that yields, so the two workers interleave.
    const transport: MailTransport = async (m) => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      sent.push(m.to)
    }
    const now = () => new Date()
    try {
      const [a, b] = await Promise.all([
        deliverDueMail({ db: db(), transport, now, batch: 3, log: quiet }),
        deliverDueMail({ db: other, transport, now, batch: 3, log: quiet }),
      ])
      expect(a.sent + b.sent).toBe(count)
      expect(a.sent).toBeGreaterThan(0)
      expect(b.sent).toBeGreaterThan(0)
    } finally {
      await other.destroy()
    }
    expect(sent).toHaveLength(count)
    expect(new Set(sent).size).toBe(count)
  })

  it("a crashed worker's claim is retried once its lease runs out; its late report is refused", async () => {
    await sendMail(db(), mail('lease@example.se'))
    const start = addSeconds(new Date(), 60)
    const [claimed] = await claimDueMail(db(), { now: start, limit: 5, token: 'crashed' })
    expect(claimed.to_address).toBe('lease@example.se')
    const sent: string[] = []
    const transport: MailTransport = async (m) => void sent.push(m.to)
    // Within the lease nobody else takes it.
    const during = addSeconds(start, MAIL_LEASE_SECONDS - 1)
    expect(await deliverDueMail({ db: db(), transport, now: () => during, log: quiet })).toEqual({ sent: 0, failed: 0 })
    const after = addSeconds(start, MAIL_LEASE_SECONDS)
    expect(await deliverDueMail({ db: db(), transport, now: () => after, log: quiet })).toEqual({ sent: 1, failed: 0 })
    expect(sent).toEqual(['lease@example.se'])
    expect(await markSent(db(), claimed, after)).toBe(false)
    expect((await rowsTo('lease@example.se'))[0]).toMatchObject({ status: 'sent', attempts: 2 })
  })
})

describe('the worker the server runs', () => {
  it('sends mail within moments of its queueing, without waiting for its poll', async () => {
    const worker = startOutboxWorker({ db: db(), transport: smtpTransport(smtpUrl, FROM), pollMs: 60 * 60_000, log: quiet })
    try {
      await sendMail(db(), mail('soon@example.se'))
      await vi.waitFor(() => expect(received.map((r) => r.to)).toEqual([['soon@example.se']]), { timeout: 5_000, interval: 20 })
    } finally {
      await worker.stop()
    }
    expect((await rowsTo('soon@example.se'))[0].status).toBe('sent')
  })

  it('looks for new mail only after the request that queued it has answered (so its time tells nothing), and a stream of mail never postpones it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const sent: string[] = []
    const worker = startOutboxWorker({ db: db(), transport: async (m) => void sent.push(m.to), pollMs: 60 * 60_000, log: quiet })
    try {
      await vi.advanceTimersByTimeAsync(0)
      await sendMail(db(), mail('first@example.se'))
      await vi.advanceTimersByTimeAsync(WAKE_DELAY_MS / 2)
      await sendMail(db(), mail('second@example.se'))
      await vi.advanceTimersByTimeAsync(WAKE_DELAY_MS / 2 - 1)
      expect(sent).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      await vi.waitFor(() => expect(sent.sort()).toEqual(['first@example.se', 'second@example.se']))
    } finally {
      await worker.stop()
      vi.useRealTimers()
    }
  })

  it('stops cleanly: the send in progress finishes, the rest is given back unclaimed', async () => {
    for (const to of ['one@example.se', 'two@example.se', 'three@example.se']) await sendMail(db(), mail(to))
    let release!: () => void
    const started: string[] = []
    const transport: MailTransport = (m) => {
      started.push(m.to)
      return new Promise((resolve) => (release = resolve))
    }
    const worker = startOutboxWorker({ db: db(), transport, batch: 3, pollMs: 60 * 60_000, log: quiet })
    await vi.waitFor(() => expect(started).toHaveLength(1), { timeout: 5_000, interval: 10 })
    const stopped = worker.stop()
    release()
    await stopped
    expect(started).toHaveLength(1)
    const rows = await db().selectFrom('mail_outbox').selectAll().execute()
    expect(rows.filter((r) => r.status === 'sent').map((r) => r.to_address)).toEqual(started)
    const rest = rows.filter((r) => r.status !== 'sent')
    expect(rest).toHaveLength(2)
    for (const row of rest) expect(row).toMatchObject({ status: 'pending', attempts: 0, claimed_until: null })
    // Queued after the stop: nobody wakes up for it.
    await sendMail(db(), mail('late@example.se'))
    expect(started).toHaveLength(1)
  })
})
