import { env } from '~/env.server'
import { DEFAULT_LOCALE, isLocale } from '~/i18n/config'
import { tFor } from '~/i18n/i18n.server'
import { knownZone } from '~/utils/local-week'
import type { Mail } from './mailer.server'
import { escapeHtml } from './templates.server'

/** A group of the digest: its loops shown (the first ones) and how many the week had in all. */
export interface DigestGroup {
  id: string
  name: string
  total: number
  loops: { id: string; author: string; task: string | null; emotion: number; excerpt: string; created: string }[]
}

export interface LoopDigestInput {
  to: { id: string; email: string; name: string; locale: string; timezone: string }
  /** The week it covers: Monday 00:00 to Monday 00:00 in the recipient's time zone. */
  week: { from: Date; to: Date }
  groups: DigestGroup[]
  total: number
}

/**
 * The subscribers' weekly digest (texts under `loopDigest` in mail.json): per group, each loop with
 * its author, task, emotional value, time (the recipient's zone), the first 200 characters and a
 * link to the loop; what does not fit, counted, with a link to the group's loops; and how to turn it
 * off. In the recipient's language. The one email that quotes loops (ADR 025).
 */
export function loopDigestEmail(input: LoopDigestInput): Mail {
  const locale = isLocale(input.to.locale) ? input.to.locale : DEFAULT_LOCALE
  const t = tFor(locale)
  const timeZone = knownZone(input.to.timezone)
  const tag = locale === 'sv' ? 'sv-SE' : 'en-GB'
  const day = new Intl.DateTimeFormat(tag, { timeZone, day: 'numeric', month: 'long' })
  const time = new Intl.DateTimeFormat(tag, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  })
  const app = env().APP_URL
  const brand = env().BRAND_NAME
  // The week's last day is the Sunday before `to`.
  const range = { from: day.format(input.week.from), to: day.format(new Date(input.week.to.getTime() - 3_600_000 * 12)) }
  const subject = t('loopDigest.subject', { count: input.total })
  const greeting = t('mail.greeting', { name: input.to.name })
  const intro = t('loopDigest.intro', range)
  const settings = `${app}/users/${input.to.id}/preferences/notifications`
  const footer = t('loopDigest.footer')
  const optOut = t('loopDigest.optOut')

  const loopLines = (g: DigestGroup) =>
    g.loops.map((l) => {
      const url = `${app}/groups/${g.id}/loops/${l.id}`
      const feeling = t('loopDigest.emotion', { value: l.emotion, label: t(`loops.emotion.steps.${l.emotion}`) })
      const task = l.task === null ? t('loopDigest.freeLoop') : t('loopDigest.task', { task: l.task })
      return { url, head: `${l.author} · ${task} · ${feeling} · ${time.format(new Date(l.created))}`, excerpt: l.excerpt }
    })
  const more = (g: DigestGroup) => (g.total > g.loops.length ? t('loopDigest.more', { count: g.total - g.loops.length }) : null)
  const groupsUrl = (g: DigestGroup) => `${app}/groups/${g.id}/loops`
  const open = t('loopDigest.open')

  const text = [
    greeting,
    '',
    intro,
    ...input.groups.flatMap((g) => [
      '',
      `${g.name}`,
      ...loopLines(g).flatMap((l) => [`- ${l.head}`, `  “${l.excerpt}”`, `  ${open}: ${l.url}`]),
      ...(more(g) ? [`${more(g)}: ${groupsUrl(g)}`] : []),
    ]),
    '',
    footer,
    `${optOut}: ${settings}`,
    '',
    `— ${brand}`,
  ].join('\n')

  const muted = 'font-size:13px;color:#4b5563'
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
${input.groups
  .map(
    (g) =>
      `<h2 style="font-size:17px;margin:20px 0 8px">${escapeHtml(g.name)}</h2><ul style="padding-left:18px">${loopLines(g)
        .map(
          (l) =>
            `<li style="margin-bottom:12px"><strong>${escapeHtml(l.head)}</strong><br><q>${escapeHtml(l.excerpt)}</q><br><a href="${escapeHtml(l.url)}">${escapeHtml(open)}</a></li>`,
        )
        .join('')}</ul>${more(g) ? `<p><a href="${escapeHtml(groupsUrl(g))}">${escapeHtml(more(g)!)}</a></p>` : ''}`,
  )
  .join('\n')}
<p style="${muted}">${escapeHtml(footer)} <a href="${escapeHtml(settings)}">${escapeHtml(optOut)}</a></p><p>— ${escapeHtml(brand)}</p></body></html>`
  return { to: input.to.email, subject, text, html }
}
