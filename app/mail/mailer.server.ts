import type { Transporter } from 'nodemailer'
import type { DB } from '~/db/db.server'
import { env } from '~/env.server'
import { enqueueMail, type Mail } from './outbox.server'

export type { Mail } from './outbox.server'

/**
 * Queues a message in the outbox (outbox.server.ts); the outbox worker the server runs sends it
 * within moments, over SMTP when SMTP_URL is set, otherwise to /dev/mailbox. Never waits for SMTP
 * and never fails with it, so a request answers the same whether or not it sent mail.
 */
export async function sendMail(db: DB, mail: Mail) {
  await enqueueMail(db, mail)
}

/** How the worker delivers one message. */
export type MailTransport = (mail: Mail) => Promise<void>

/**
 * Over SMTP (nodemailer, loaded on first send), with timeouts well inside the outbox lease, so a
 * hanging server fails the attempt instead of holding the message.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  let transporter: Promise<Transporter> | undefined
  return async (mail) => {
    transporter ??= import('nodemailer').then((nodemailer) =>
      nodemailer.default.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    )
    await (await transporter).sendMail({ from, ...mail })
  }
}

/** Without SMTP_URL (never in production): the row itself is the mailbox; printed in the log. */
export const devMailboxTransport: MailTransport = async (mail) => {
  if (env().NODE_ENV !== 'test') console.info(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}\n`)
}

/** The transport the configuration asks for. */
export function configuredTransport(): MailTransport {
  const { SMTP_URL, MAIL_FROM } = env()
  return SMTP_URL ? smtpTransport(SMTP_URL, MAIL_FROM) : devMailboxTransport
}

export async function listOutbox(db: DB, limit = 50) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
}
