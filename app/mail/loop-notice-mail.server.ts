import { env } from '~/env.server'
import { DEFAULT_LOCALE, isLocale } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'
import type { Mail } from './mailer.server'
import { escapeHtml } from './templates.server'

/** The email of a loop notice: a new loop, a comment, an author's answer, an approval. Texts under `loopMail` in mail.json. */
export type LoopMailKind = 'new' | 'comment' | 'answer' | 'approved'

export interface LoopMailInput {
  to: { email: string; name: string; locale: string }
  kind: LoopMailKind
  /** Who did it. */
  actor: string
  groupName: string
  taskTitle: string | null
  /** The path it opens (the loop's page). */
  path: string
}

/**
 * Who did what, on which task of which group, in the recipient's language, with a link that opens
 * the loop. It never quotes the loop or the comment: an email leaves the checks of the page.
 */
export function loopNoticeEmail(input: LoopMailInput): Mail {
  const locale = isLocale(input.to.locale) ? input.to.locale : DEFAULT_LOCALE
  const t = tFor(locale)
  // A free loop (no task) has its own wording; only a report is approved.
  const kind = input.taskTitle === null && input.kind !== 'approved' ? (`${input.kind}Free` as const) : input.kind
  const vars = {
    brand: env().BRAND_NAME,
    name: input.to.name,
    actor: input.actor,
    group: input.groupName,
    task: input.taskTitle ?? '',
  }
  const url = `${env().APP_URL}${input.path}`
  const subject = t(`loopMail.${kind}.subject`, vars)
  const greeting = t('mail.greeting', vars)
  const body = t(`loopMail.${kind}.body`, vars)
  const button = t('loopMail.action', vars)
  const footer = t('loopMail.footer', vars)
  const text = [greeting, '', body, '', `${button}: ${url}`, '', footer, '', `— ${vars.brand}`].join('\n')
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(url)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)}</p><p>— ${escapeHtml(vars.brand)}</p></body></html>`
  return { to: input.to.email, subject, text, html }
}
