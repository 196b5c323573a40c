import type { AuditEntryTarget, InvitationTarget } from '~/services/audit-actions'
import type { AuditOutcome } from '~/services/audit.server'

/** The row outcomes and problems of an import that have their words (`orgHome.activity.rows.<code>`). */
const ROW_WORDS = new Set([
  'ADDED',
  'INVITED',
  'UPDATED',
  'UNCHANGED',
  'ALREADY_INVITED',
  'INVALID_EMAIL',
  'INVALID_GROUP_CREATOR',
  'NAME_TOO_LONG',
  'GROUP_NAME_TOO_LONG',
  'DUPLICATE_ROW',
  'UNKNOWN_GROUP',
])

/**
 * An audit entry in words, the same on the organization home's list, the audit log page and its
 * CSV: who did it, what (the action's sentence), to what, and what it came to. `t` is the page's
 * or the CSV's translator.
 */
type Translate = (key: string, values?: Record<string, unknown>) => string

/** The person's name, "<token> (directory)" for the directory, or "Removed user". */
export function actorText(t: Translate, entry: { actorName: string | null; byDirectory?: boolean }) {
  if (entry.actorName === null) return t('orgHome.activity.unknownActor')
  return entry.byDirectory ? t('orgHome.activity.byDirectory', { name: entry.actorName }) : entry.actorName
}

/** The message key of an action's sentence ("Removed members"), in the locale files' organizations namespace. */
export const auditActionKey = (action: string) => `orgHome.activity.actions.${action.replace(/\./g, '_')}`

/** The action's sentence ("Removed members"); an action this version does not know is shown as recorded. */
export const actionText = (t: Translate, action: string) => t(auditActionKey(action), { defaultValue: action })

/**
 * An invitation as the log names it: "eva@skolan.se as a member", "eva@skolan.se to Klass 7A",
 * "Open code to Klass 7A"; its use names what was joined ("Klass 7A", "The organization as a group creator").
 */
export function invitationText(t: Translate, invitation: InvitationTarget) {
  const { email, group, groupCreator, joined } = invitation
  if (joined) return group ?? t(groupCreator ? 'orgAudit.target.orgAsGroupCreator' : 'orgAudit.target.orgAsMember')
  if (email === null) return group ? t('orgAudit.target.openCodeToGroup', { group }) : t('orgAudit.target.openCode')
  if (group) return t('orgAudit.target.emailToGroup', { email, group })
  return t(groupCreator ? 'orgAudit.target.emailAsGroupCreator' : 'orgAudit.target.emailAsMember', { email })
}

/**
 * "Bo Medlem, Eva Ek and 3 more", "Bo Medlem in Klass 7A", "The organization", an invitation's
 * words, or "2 deleted groups" when none of them has a name any more.
 */
export function targetText(t: Translate, target: AuditEntryTarget) {
  if (target.kind === 'organization') return t('orgAudit.target.organization')
  if (target.names.length === 0) {
    if (!target.count) return ''
    return target.kind
      ? t(`orgAudit.target.gone.${target.kind}`, { count: target.count })
      : t('orgAudit.target.unnamed', { count: target.count })
  }
  const listed = target.names.map((n) => (typeof n === 'string' ? n : invitationText(t, n))).join(', ')
  const names = target.within ? t('orgAudit.target.within', { names: listed, group: target.within }) : listed
  return target.count > target.names.length ? t('orgAudit.target.more', { names, more: target.count - target.names.length }) : names
}

/** An import's rows in words: "3 invited, 1 unchanged, 1 not valid". */
export const rowsText = (t: Translate, rows: NonNullable<AuditOutcome['rows']>) =>
  rows
    .map(([code, count]) =>
      ROW_WORDS.has(code) ? t(`orgHome.activity.rows.${code}`, { count }) : t('orgHome.activity.rowOther', { count, code }),
    )
    .join(', ')

/** What an entry came to, in one line: "Done", "Partly done: 3 of 4 succeeded", "Done: 3 invited, 1 unchanged", … */
export function outcomeSummary(t: Translate, outcome: AuditOutcome) {
  const { kind, succeeded, total } = outcome
  if (outcome.single && kind === 'success' && outcome.exportedRows !== undefined)
    return t('orgHome.activity.doneRows', { count: outcome.exportedRows })
  if (outcome.rows) return t(`orgHome.activity.rowsOutcome.${kind}`, { rows: rowsText(t, outcome.rows) })
  if (outcome.single && kind === 'success') return t('orgHome.activity.done')
  if (outcome.single && kind === 'partial') return t('orgHome.activity.doneWithProblems')
  return t(`orgHome.activity.outcome.${kind}`, { succeeded, total })
}

/** The failures of a tally: "The person owns a group (2)". */
export const failureTexts = (t: Translate, failures: AuditOutcome['failures']) =>
  failures.map(([code, count]) => t('orgHome.activity.failure', { message: t(`errors.${code}`, { defaultValue: code }), count }))

/** The whole outcome as one text (the CSV's cell): the summary, then what is unfinished, the failures and the members added. */
export function outcomeText(t: Translate, outcome: AuditOutcome) {
  const parts = [outcomeSummary(t, outcome)]
  if (outcome.kind === 'unfinished') parts.push(t('orgHome.activity.unfinished', { done: outcome.counted, total: outcome.total }))
  // An import's problems are in its summary already.
  if (!outcome.rows) parts.push(...failureTexts(t, outcome.failures))
  if (outcome.members) {
    parts.push(t('orgHome.activity.members', { succeeded: outcome.members.succeeded, total: outcome.members.total }))
    parts.push(...failureTexts(t, outcome.members.failures))
  }
  return parts.join('; ')
}
