import type { Transporter } from 'nodemailer'
import type { DB } from '~/db/db.server'
import { env, isProduction } from '~/env.server'
import { newId, nowIso } from '~/utils/ids.server'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

// Loaded on first send: pages that send no mail do not carry it.
let transporter: Promise<Transporter> | undefined
function smtp(url: string) {
  transporter ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(url))
  return transporter
}

/**
 * Sends over SMTP when SMTP_URL is set. Without it (outside production) the message is kept in
 * the database for /dev/mailbox and printed in the log.
 */
export async function sendMail(db: DB, mail: Mail) {
  const { SMTP_URL, MAIL_FROM } = env()
  if (SMTP_URL) {
    await (await smtp(SMTP_URL)).sendMail({ from: MAIL_FROM, ...mail })
    return
  }
  if (isProduction()) throw new Error('SMTP_URL is not set: cannot send email in production')
  await db
    .insertInto('mail_outbox')
    .values({ id: newId(), to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html, created_at: nowIso() })
    .execute()
  if (env().NODE_ENV !== 'test') console.info(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}\n`)
}

export async function listOutbox(db: DB, limit = 50) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
}
