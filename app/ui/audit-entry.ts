import type { AuditTarget } from '~/services/audit-actions'
import type { AuditOutcome } from '~/services/audit.server'

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

/** "Bo Medlem, Eva Ek and 3 more", "The organization", or "5 items" when none of them has a name any more. */
export function targetText(t: Translate, target: { kind: AuditTarget | null; names: string[]; count: number }) {
  if (target.kind === 'organization') return t('orgAudit.target.organization')
  if (target.names.length === 0) return target.count ? t('orgAudit.target.unnamed', { count: target.count }) : ''
  const names = target.names.join(', ')
  return target.count > target.names.length ? t('orgAudit.target.more', { names, more: target.count - target.names.length }) : names
}

/** What an entry came to, in one line: "Done", "Partly done: 3 of 4 succeeded", … */
export function outcomeSummary(t: Translate, outcome: AuditOutcome) {
  const { kind, succeeded, total } = outcome
  if (outcome.single && kind === 'success' && outcome.rows !== undefined) return t('orgHome.activity.doneRows', { count: outcome.rows })
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
  parts.push(...failureTexts(t, outcome.failures))
  if (outcome.members) {
    parts.push(t('orgHome.activity.members', { succeeded: outcome.members.succeeded, total: outcome.members.total }))
    parts.push(...failureTexts(t, outcome.members.failures))
  }
  return parts.join('; ')
}
