import { i18nFor } from '~/i18n/i18n.server'
import type { Locale } from '~/i18n/config'
import type { FeedAlert, FeedPage } from '~/services/feed.server'
import { builtPath } from '~/ui/layout/screens'

/** Where an alert leads, or null while that screen is not built (no dead links). */
export function alertHref(target: FeedAlert['target']): string | null {
  switch (target.type) {
    case 'group':
      return builtPath(`/groups/${target.id}/home`)
    case 'organization':
      return builtPath(`/organizations/${target.id}`)
    case 'package':
      return builtPath(`/library/packages/view/${target.id}`)
    default:
      return null
  }
}

/**
 * The feed as the page shows it: each alert's text from its template's message
 * (`alerts.templates.<template>`, with the alert's data and the actor's name), or the generic
 * `alerts.fallback` for a template without one; translated here, where every area's messages
 * are at hand, so the page needs no message area of its own.
 */
export function renderFeed(page: FeedPage, locale: Locale) {
  const i18n = i18nFor(locale)
  const t = i18n.t
  const someone = t('feed.someone')
  return {
    ...page,
    days: page.days.map((day) => ({
      day: day.day,
      alerts: day.alerts.map((alert) => {
        const key = `alerts.templates.${alert.template}`
        const values = { ...alert.data, actor: alert.actorName ?? someone }
        return {
          id: alert.id,
          created: alert.created,
          unseen: alert.unseen,
          text: i18n.exists(key) ? t(key, values) : t('alerts.fallback', values),
          href: alertHref(alert.target),
        }
      }),
    })),
  }
}
export type RenderedFeed = ReturnType<typeof renderFeed>
