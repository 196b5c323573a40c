import { simpleParser } from 'mailparser'
import { E2E_PORT, E2E_SMTP_HTTP_PORT } from './env'

/** Where the SMTP sink (tests/support/smtp-sink.ts) serves the messages it received. */
export const SMTP_SINK_URL = process.env.SMTP_SINK_URL ?? `http://127.0.0.1:${E2E_SMTP_HTTP_PORT}`
/** The public origin of the app under test; links in emails start with it. */
export const APP_URL = process.env.E2E_APP_URL ?? `http://localhost:${E2E_PORT}`

export interface ReceivedEmail {
  id: number
  to: string[]
  subject: string
  text: string
  html: string
  receivedAt: string
}

interface RawMessage {
  id: number
  to: string[]
  receivedAt: string
  raw: string
}

async function fetchMessages(address: string): Promise<RawMessage[]> {
  const response = await fetch(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(address.toLowerCase())}`)
  if (!response.ok) throw new Error(`SMTP sink answered ${response.status}`)
  return (await response.json()) as RawMessage[]
}

async function parse(message: RawMessage): Promise<ReceivedEmail> {
  const mail = await simpleParser(message.raw)
  return {
    id: message.id,
    to: message.to,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    receivedAt: message.receivedAt,
  }
}

/** Every email to an address so far, oldest first. */
export async function allEmails(address: string): Promise<ReceivedEmail[]> {
  return Promise.all((await fetchMessages(address)).map(parse))
}

/** How many messages the sink holds for an address (to wait for the next one later). */
export async function emailCount(address: string) {
  return (await fetchMessages(address)).length
}

/**
 * The latest email to an address, polling the SMTP sink for up to `timeout` ms. `subject` keeps
 * only matching messages; `after` (a count from `emailCount`) waits for a message newer than those.
 */
export async function latestEmail(
  address: string,
  { subject, after = 0, timeout = 10_000 }: { subject?: RegExp; after?: number; timeout?: number } = {},
): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeout
  for (;;) {
    const messages = (await fetchMessages(address)).slice(after)
    for (const message of messages.reverse()) {
      const parsed = await parse(message)
      if (!subject || subject.test(parsed.subject)) return parsed
    }
    if (Date.now() > deadline) {
      throw new Error(`No email to ${address}${subject ? ` with a subject matching ${subject}` : ''} within ${timeout} ms`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** The first link to the app in an email's text part, as a path with its query ("/verify?token=..."). */
export function appLinkIn(email: Pick<ReceivedEmail, 'text' | 'subject'>): string {
  const escaped = APP_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`${escaped}(/[^\\s<>"')]*)`).exec(email.text)
  if (!match) throw new Error(`No link to ${APP_URL} in the email "${email.subject}":\n${email.text}`)
  return match[1]
}
