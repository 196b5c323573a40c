import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// A real SMTP conversation: nodemailer talks to a local smtp-server.
const received: string[] = []
let server: SMTPServer
let port = 0
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  port = (server.server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('mail over SMTP', () => {
  it('sends the verification email with HTML and text parts in the recipient language', async () => {
    vi.resetModules()
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
    process.env.MAIL_FROM = 'Groups <no-reply@example.se>'
    const { sendMail } = await import('./mailer.server')
    const { verificationEmail } = await import('./templates.server')
    const { db } = await import('~/db/db.server')
    await sendMail(db(), verificationEmail({ email: 'ann@example.se', name: 'Ann', locale: 'en' }, 'tok_123'))
    process.env.SMTP_URL = ''

    expect(received).toHaveLength(1)
    const mail = await simpleParser(received[0])
    expect(mail.from?.text).toContain('no-reply@example.se')
    expect(mail.subject).toBe('Confirm your email address for Groups')
    expect(mail.text).toContain('/verify?token=tok_123')
    expect(mail.html).toContain('href="http://localhost:3000/verify?token=tok_123"')
    expect(await db().selectFrom('mail_outbox').selectAll().execute()).toHaveLength(0)
  })

  it('keeps mail in the database outside production without SMTP_URL', async () => {
    vi.resetModules()
    const { sendMail } = await import('./mailer.server')
    const { passwordResetEmail } = await import('./templates.server')
    const { db } = await import('~/db/db.server')
    await sendMail(db(), passwordResetEmail({ email: 'bo@example.se', name: 'Bo <b>', locale: 'sv' }, 'tok_456'))
    const [row] = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', 'bo@example.se').execute()
    expect(row.subject).toBe('Välj ett nytt lösenord för Groups')
    expect(row.html_body).toContain('Hej Bo &lt;b&gt;,')
    expect(row.text_body).toContain('/new-password?token=tok_456')
  })
})
