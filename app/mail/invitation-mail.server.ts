import { env } from '~/env.server'
import { DEFAULT_LOCALE, DEFAULT_TIMEZONE, isLocale } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'
import type { Mail } from './mailer.server'
import { escapeHtml } from './templates.server'

export interface InvitationMailInput {
  to: string
  /** The invitee's name when they have an account; otherwise the greeting has no name. */
  name: string | null
  locale: string
  timezone: string
  /** Group-creator invitation to an organization, membership of a group, or of an organization (the member import). */
  kind: 'groupCreator' | 'group' | 'organization'
  organization: string
  group?: string
  inviter: string
  code: string
  expiresAt: string
}

const expiryFormats = new Map<string, Intl.DateTimeFormat>()

/** The expiry's format per locale and time zone, made once (a member import mails thousands; making one costs ~0.1 ms). */
function expiryFormat(locale: string, timeZone: string) {
  const key = `${locale} ${timeZone}`
  let format = expiryFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'sv-SE', { dateStyle: 'long', timeStyle: 'short', timeZone })
    // Time zones are the users' own: a bounded cache.
    if (expiryFormats.size < 100) expiryFormats.set(key, format)
  }
  return format
}

/**
 * The invitation email: who invites to what, the code itself (in large type, so it can be typed
 * on another device) and a link to the invitation-code screen with the code filled in; to someone
 * with an account (`name` given), also a link to their invitations inbox.
 * Texts live under `invitationMail` in invitations.json.
 */
export function invitationEmail(input: InvitationMailInput): Mail {
  const locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE
  const t = tFor(locale)
  let expires: string
  try {
    expires = expiryFormat(locale, input.timezone || DEFAULT_TIMEZONE).format(new Date(input.expiresAt))
  } catch {
    expires = input.expiresAt
  }
  const vars = {
    brand: env().BRAND_NAME,
    name: input.name ?? '',
    organization: input.organization,
    group: input.group ?? '',
    inviter: input.inviter,
    code: input.code,
    expires,
  }
  const url = `${env().APP_URL}/invitation-code?code=${encodeURIComponent(input.code)}`
  const subject = t(`invitationMail.${input.kind}.subject`, vars)
  const greeting = input.name ? t('mail.greeting', vars) : t('invitationMail.greetingNoName', vars)
  const body = t(`invitationMail.${input.kind}.body`, vars)
  const codeLabel = t('invitationMail.codeLabel', vars)
  const button = t('invitationMail.action', vars)
  const footer = t('invitationMail.footer', vars)
  // Someone with an account finds it in their inbox too (docs/invitations.md); the code still works.
  const inboxUrl = `${env().APP_URL}/invitations#${input.kind === 'group' ? 'groups' : 'organizations'}`
  const inbox = input.name ? t('invitationMail.inbox', vars) : null
  const text = [
    greeting,
    '',
    body,
    '',
    `${codeLabel}: ${input.code}`,
    '',
    `${button}: ${url}`,
    '',
    ...(inbox ? [`${inbox}: ${inboxUrl}`, ''] : []),
    footer,
    '',
    `— ${vars.brand}`,
  ].join('\n')
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p>${escapeHtml(codeLabel)}:</p>
<p style="font-family:ui-monospace,monospace;font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(input.code)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(url)}</p>
${inbox ? `<p>${escapeHtml(inbox)}: <a href="${escapeHtml(inboxUrl)}">${escapeHtml(inboxUrl)}</a></p>\n` : ''}<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)}</p><p>— ${escapeHtml(vars.brand)}</p></body></html>`
  return { to: input.to, subject, text, html }
}
