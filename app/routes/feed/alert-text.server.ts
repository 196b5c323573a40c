import { formatDay } from '~/ui/format'
import type { TFunction } from 'i18next'
import { i18nFor } from '~/i18n/i18n.server'
import type { Locale } from '~/i18n/config'
import type { AlertDestination } from '~/services/alerts/alert-destinations.server'
import type { FeedAlert, FeedPage } from '~/services/alerts/feed.server'
import { builtPath } from '~/ui/layout/screens'

/** Where a destination leads in the app (null: nothing to open). The inbox sections are a fixed contract. */
export function destinationHref(destination: AlertDestination): string | null {
  switch (destination.kind) {
    case 'group':
      return builtPath(`/groups/${destination.id}/home`)
    case 'package':
      return builtPath(`/library/packages/view/${destination.id}`)
    case 'organization':
      return `/organizations/${destination.id}`
    case 'groupInvitations':
      return '/invitations#groups'
    case 'packageInvitations':
      return '/invitations#packages'
    case 'loop':
      return `/groups/${destination.groupId}/loops/${destination.id}`
    case 'loops':
      // The loops list filters by task with `?task=` (routes/groups/loops/list.tsx).
      return `/groups/${destination.groupId}/loops${destination.taskId ? `?task=${encodeURIComponent(destination.taskId)}` : ''}`
    default:
      return null
  }
}

const ROLES = new Set(['owner', 'leader', 'member', 'subscriber'])

/**
 * The sentence of one alert in the user's language: what happened, who did it and to what, from
 * the names the alert stored when it was written (`data`). A name or role an older row lacks is
 * told in general words ("a group"), never as a placeholder; an unknown template is the generic
 * `alerts.fallback`.
 */
export function alertSentence(t: TFunction, alert: Pick<FeedAlert, 'template' | 'actorName' | 'data'>, locale: Locale): string {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null)
  const role = text(alert.data.role)
  const values = {
    actor: alert.actorName ?? t('feed.someone'),
    groupName: text(alert.data.groupName) ?? t('alerts.unnamed.group'),
    packageName: text(alert.data.packageName) ?? t('alerts.unnamed.package'),
    organizationName: text(alert.data.organizationName) ?? t('alerts.unnamed.organization'),
    role: role && ROLES.has(role) ? t(`alerts.roles.${role}`) : '',
    task: text(alert.data.taskTitle) ? t('alerts.quoted', { title: alert.data.taskTitle }) : t('alerts.unnamed.task'),
  }
  // A loop with no task (a free loop) stores taskTitle null; an older row without it reads "a task".
  const free = alert.data.taskTitle === null
  const key = (name: string) => t(`alerts.templates.${name}`, values)
  const known = role !== null && ROLES.has(role)
  switch (alert.template) {
    case 'group.member.added':
      return key(known && role !== 'member' ? 'group.member.addedAs' : 'group.member.added')
    case 'group.role.changed':
      return key(known ? 'group.role.changed' : 'group.role.changedUnknown')
    case 'group.member.removed':
      return key('group.member.removed')
    case 'group.owner.changed':
      // The new owner is told so; the old one what they are now (data.role null: removed).
      if (role === 'owner') return key('group.owner.you')
      if (known) return key('group.owner.yourRole')
      return key(alert.data.role === null ? 'group.owner.removed' : 'group.owner.changed')
    case 'group.invitation.new':
      return key('group.invitation.new')
    case 'organization.groupCreator.added':
      return key('organization.groupCreator.added')
    case 'package.invitation.new':
      return key('package.invitation.new')
    case 'package.shared':
      return key(
        alert.data.access === 'owner' ? 'package.handedOver' : alert.data.access === 'edit' ? 'package.sharedEdit' : 'package.shared',
      )
    case 'loop.new': {
      const others = (typeof alert.data.count === 'number' ? alert.data.count : 1) - 1
      if (others > 0) return t(`alerts.templates.loop.${free ? 'newFreeMany' : 'newMany'}`, { ...values, count: others })
      return key(free ? 'loop.newFree' : 'loop.new')
    }
    case 'loop.comment':
      return key(`loop.${alert.data.answer === true ? 'answer' : 'comment'}${free ? 'Free' : ''}`)
    case 'loop.approved':
      return key('loop.approved')
    case 'group.retention.queued': {
      const count = typeof alert.data.count === 'number' ? alert.data.count : null
      const day = text(alert.data.byDay)
      if (count === null || day === null) return t('alerts.templates.group.retention.queuedUnknown', { groupName: values.groupName })
      return t('alerts.templates.group.retention.queued', { groupName: values.groupName, count, day: formatDay(locale, day) })
    }
    default:
      return t('alerts.fallback', values)
  }
}

/**
 * The feed as the page shows it: each alert's sentence (`alertSentence`), where it leads now
 * (`href`), and `note` "(no longer available)" when what it is about is gone or no longer the
 * user's to see; translated here, where every area's messages are at hand, so the page needs no
 * message area of its own.
 */
export function renderFeed(page: FeedPage, locale: Locale) {
  const t = i18nFor(locale).t
  return {
    ...page,
    days: page.days.map((day) => ({
      day: day.day,
      alerts: day.alerts.map((alert) => ({
        id: alert.id,
        created: alert.created,
        unseen: alert.unseen,
        text: alertSentence(t, alert, locale),
        href: destinationHref(alert.destination),
        note: alert.destination.kind === 'gone' ? t('alerts.unavailable') : null,
      })),
    })),
  }
}
export type RenderedFeed = ReturnType<typeof renderFeed>
