import { env } from '~/env.server'
import { isLocale, DEFAULT_LOCALE } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'
import type { Mail } from './mailer.server'

/** Text made safe for HTML content and attribute values (the five characters HTML gives meaning). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

interface Recipient {
  email: string
  name: string
  locale: string
}

/** A message with a greeting, a paragraph (and maybe a second, `more`), one action link (or code) and a closing note. */
function compose(to: Recipient, kind: string, vars: Record<string, string>, action?: { url: string }, more?: string): Mail {
  const t = tFor(isLocale(to.locale) ? to.locale : DEFAULT_LOCALE)
  const all = { brand: env().BRAND_NAME, name: to.name, ...vars }
  const subject = t(`mail.${kind}.subject`, all)
  const greeting = t('mail.greeting', all)
  const body = t(`mail.${kind}.body`, all)
  const button = t(`mail.${kind}.action`, all)
  const footer = t(`mail.${kind}.footer`, all)
  const paragraphs = more ? [body, more] : [body]
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    action ? `${button}: ${action.url}` : '',
    '',
    footer,
    '',
    `— ${all.brand}`,
  ].join('\n')
  const html = `<!doctype html><html lang="${escapeHtml(to.locale)}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p><p style="font-size:13px;color:#4b5563">${escapeHtml(action.url)}</p>` : ''}
<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)}</p><p>— ${escapeHtml(all.brand)}</p></body></html>`
  return { to: to.email, subject, text, html }
}

const link = (path: string) => `${env().APP_URL}${path}`

export const verificationEmail = (to: Recipient, token: string) =>
  compose(to, 'verify', {}, { url: link(`/verify?token=${encodeURIComponent(token)}`) })

/** The account's other ways in, named in the reset email: its passkeys and linked provider accounts. */
export interface OtherWaysIn {
  passkeys: string[]
  providers: { label: string; email: string | null }[]
}

/**
 * The reset link. It names the account's passkeys and provider accounts: one planted with a stolen
 * session would survive a new password, so the owner sees them here (docs/auth.md "Confirm it's you").
 */
export const passwordResetEmail = (to: Recipient, token: string, ways: OtherWaysIn = { passkeys: [], providers: [] }) => {
  const t = tFor(isLocale(to.locale) ? to.locale : DEFAULT_LOCALE)
  const named = [
    ...ways.passkeys.map((name) => t('mail.reset.passkey', { name })),
    ...ways.providers.map((p) => (p.email ? t('mail.reset.provider', { provider: p.label, email: p.email }) : p.label)),
  ]
  const more = named.length ? t('mail.reset.ways', { list: named.join('; ') }) : undefined
  return compose(to, 'reset', {}, { url: link(`/new-password?token=${encodeURIComponent(token)}`) }, more)
}

/** Sent when someone signs up with an address that already has an account. */
export const accountExistsEmail = (to: Recipient) => compose(to, 'exists', {}, { url: link('/forgot-password') })

/** Sent when sign-in attempts at the account are locked out (at most once a day, see signIn). */
export const signInAttackEmail = (to: Recipient) => compose(to, 'signinAttack', {}, { url: link('/forgot-password') })

/** Sent to a new address the user asked for: following the link makes it the account's (profile). */
export const emailChangeEmail = (to: Recipient, token: string) =>
  compose(to, 'emailChange', { email: to.email }, { url: link(`/verify-email-change?token=${encodeURIComponent(token)}`) })

/** Sent to the old address once the new one is confirmed. */
export const emailChangedEmail = (to: Recipient, newEmail: string) =>
  compose(to, 'emailChanged', { email: newEmail }, { url: link('/forgot-password') })

/** Proves an email address for single sign-on: links the provider account, or verifies a new one (docs/sso.md). */
export const ssoLinkEmail = (to: Recipient, token: string, provider: string) =>
  compose(to, 'ssoLink', { provider }, { url: link(`/signup/confirm/link?token=${encodeURIComponent(token)}`) })

/** The security notices (services/accounts/security-notices.server.ts), each with a link to the user's sessions. */
export type SecurityNoticeKind =
  | 'new-browser'
  | 'two-step-on'
  | 'two-step-off'
  | 'passkey-added'
  | 'passkey-removed'
  | 'provider-linked'
  | 'provider-unlinked'
  | 'password-changed'
  | 'factors-reset'

const SECURITY_NOTICE_KEYS: Record<SecurityNoticeKind, string> = {
  'new-browser': 'securityNewBrowser',
  'two-step-on': 'securityTwoStepOn',
  'two-step-off': 'securityTwoStepOff',
  'passkey-added': 'securityPasskeyAdded',
  'passkey-removed': 'securityPasskeyRemoved',
  'provider-unlinked': 'securityProviderUnlinked',
  'password-changed': 'securityPasswordChanged',
  'provider-linked': 'securityProviderLinked',
  'factors-reset': 'securityFactorsReset',
}

/** When, in the user's language and timezone (e.g. "27 november 2026 kl. 06:40" / "27 November 2026 at 06:40"). */
function whenFor(to: { locale: string; timezone: string }, when: Date) {
  const locale = isLocale(to.locale) ? to.locale : DEFAULT_LOCALE
  let timeZone = to.timezone
  try {
    new Intl.DateTimeFormat('en', { timeZone })
  } catch {
    timeZone = 'Europe/Stockholm'
  }
  const format = new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone })
  return `${format.format(when)} (${timeZone})`
}

export const securityNoticeEmail = (
  to: Recipient & { id: string; timezone: string },
  kind: SecurityNoticeKind,
  /** `what`: the passkey's name (passkey-removed) or the provider's (provider-linked, provider-unlinked). */
  details: { when: Date; browser?: string; what?: string },
) => {
  const t = tFor(isLocale(to.locale) ? to.locale : DEFAULT_LOCALE)
  return compose(
    to,
    SECURITY_NOTICE_KEYS[kind],
    { when: whenFor(to, details.when), browser: details.browser ?? t('mail.securityUnknownBrowser'), what: details.what ?? '' },
    { url: link(`/users/${encodeURIComponent(to.id)}/preferences/security#prefs-sessions`) },
  )
}
