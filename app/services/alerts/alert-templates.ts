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
] as const

export type AlertTemplate = (typeof ALERT_TEMPLATES)[number]

export const isAlertTemplate = (value: string): value is AlertTemplate => (ALERT_TEMPLATES as readonly string[]).includes(value)

/** What an alert links to. */
export type AlertTargetType = 'group' | 'organization' | 'package' | 'task' | 'loop'
