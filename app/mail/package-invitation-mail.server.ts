import { env } from '~/env.server'
import { DEFAULT_LOCALE, isLocale } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'
import type { Mail } from './mailer.server'
import { escapeHtml } from './templates.server'

export interface PackageInvitationMailInput {
  to: string
  /** The invitee's name and id when the address has an account. */
  name: string | null
  userId: string | null
  locale: string
  inviter: string
  packageName: string
  access: 'view' | 'edit'
}

/**
 * The email of a package invitation (spec section 2, "/library"; ADR 009): who invites to which package, and a link to the
 * invitee's invitations (`/library/invitations/{id}`; without an account, sign-up, after which the
 * invitation waits in the library). Texts under `packageInvitationMail` in mail.json.
 */
export function packageInvitationEmail(input: PackageInvitationMailInput): Mail {
  const locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE
  const t = tFor(locale)
  const vars = {
    brand: env().BRAND_NAME,
    name: input.name ?? '',
    inviter: input.inviter,
    package: input.packageName,
    access: t(input.access === 'edit' ? 'packageInvitationMail.accessEdit' : 'packageInvitationMail.accessView'),
  }
  const path = input.userId ? `/library/invitations/${input.userId}` : `/signup?redirectTo=${encodeURIComponent('/library')}`
  const url = `${env().APP_URL}${path}`
  const subject = t('packageInvitationMail.subject', vars)
  const greeting = input.name ? t('mail.greeting', vars) : t('invitationMail.greetingNoName', vars)
  const body = t('packageInvitationMail.body', vars)
  const button = t('packageInvitationMail.action', vars)
  const footer = t('packageInvitationMail.footer', vars)
  const text = [greeting, '', body, '', `${button}: ${url}`, '', footer, '', `— ${vars.brand}`].join('\n')
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(url)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)}</p><p>— ${escapeHtml(vars.brand)}</p></body></html>`
  return { to: input.to, subject, text, html }
}
