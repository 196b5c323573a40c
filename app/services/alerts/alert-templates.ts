/**
 * Every kind of alert (and notification email) the product sends. A user's unsubscribed templates
 * (preferences.notifications.unsubscribedTemplates) name these; the preferences screen lists them.
 * A new kind is added here, with its message keys `alerts.templates.<template>` in both languages.
 */
export const ALERT_TEMPLATES = [
  'group.member.added',
  'group.role.changed',
  'group.member.removed',
  'group.owner.changed',
  'group.invitation.new',
  'organization.groupCreator.added',
  'package.invitation.new',
  'package.shared',
  'loop.new',
  'loop.comment',
  'loop.approved',
  'group.retention.queued',
  // Email only, never in the feed: a subscriber's weekly digest of the loops of the members they follow.
  'loop.digest',
] as const

/** The kinds that are emails only (no alert is written of them; the preferences screen lists them all the same). */
export const EMAIL_ONLY_TEMPLATES: readonly AlertTemplate[] = ['loop.digest']

export type AlertTemplate = (typeof ALERT_TEMPLATES)[number]

export const isAlertTemplate = (value: string): value is AlertTemplate => (ALERT_TEMPLATES as readonly string[]).includes(value)

/** What an alert links to. */
export type AlertTargetType = 'group' | 'organization' | 'package' | 'task' | 'loop'
