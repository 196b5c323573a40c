/**
 * Every kind of audited action, in one place: what it is about (its items' kind, so the audit log
 * can name its target) and its sentence, the message `orgHome.activity.actions.<kind with _>` of
 * the locale files (both languages). A new audited action is added here and there; the audit log's
 * action filter offers these, in this order. Shared by the server and the screens (no i18n here).
 */

/** What an entry's items are: people, groups, invitations, directory tokens, or the organization itself. */
export type AuditTarget = 'user' | 'group' | 'invitation' | 'token' | 'organization'

/** An organization admin changed the organization's sign-in policy (two-step verification or passkey for its admins). */
/** An entry's target as the audit log names it (organizations/audit-targets.server.ts). */
/** An invitation as the log names it: its address (none for an open code) and what it gives. */
export interface InvitationTarget {
  email: string | null
  /** The group it invites to; null: the organization. */
  group: string | null
  groupCreator: boolean
  /** The entry is its use: what was joined is named, not the address. */
  joined: boolean
}

export type TargetName = string | InvitationTarget

export interface AuditEntryTarget {
  kind: AuditTarget | null
  names: TargetName[]
  count: number
  /** The group a change of a group's member was made in. */
  within?: string
}

export const POLICY_CHANGED = 'organization.policy-changed'

export const AUDIT_ACTIONS = {
  'organization.rename': 'organization',
  'organization.contact': 'organization',
  'organization.setActive': 'organization',
  [POLICY_CHANGED]: 'organization',
  // The default and the longest retention period of the organization's groups (docs/group-work.md "Retention").
  'organization.retention': 'organization',
  'members.remove': 'user',
  // Added members (user ids) and email invitations (invitation ids) of an import or of "add by email".
  'members.import': 'user',
  'members.addByEmail': 'user',
  // An admin ended every session of these members (their next request asks them to sign in).
  'members.endSessions': 'user',
  'groupCreators.add': 'user',
  'groupCreators.remove': 'user',
  // An organization admin made members admins or took the role away (members/organization-admins.server.ts).
  'admins.add': 'user',
  'admins.remove': 'user',
  'attendance.grant': 'user',
  'attendance.revoke': 'user',
  'groups.create': 'group',
  'groups.create-attendance': 'group',
  'groups.activate': 'group',
  'groups.deactivate': 'group',
  'groups.delete': 'group',
  'groups.change-owners': 'group',
  'group.rename': 'group',
  'group.hand-over': 'group',
  'group.member.role': 'user',
  'group.member.remove': 'user',
  'group.member.leave': 'user',
  // An owner or a leader exported the group's loops (result: format, text, rows).
  'group.loops.export': 'group',
  // A group's retention period or purpose changed (its owner or an organization admin).
  'group.retention': 'group',
  // The retention job removed expired loops of these groups (no actor; result: loops, comments, photos).
  'retention.removed': 'group',
  'invitation.create': 'invitation',
  'invitation.resend': 'invitation',
  'invitation.revoke': 'invitation',
  'invitation.redeem': 'invitation',
  'invitation.decline': 'invitation',
  'platform.organization.create': 'organization',
  'platform.organization.rename': 'organization',
  'platform.organization.setActive': 'organization',
  'platform.admins.add': 'user',
  'platform.admins.remove': 'user',
  // A platform admin reset a member's sign-in factors after checking who they are (platform/account-recovery.server.ts).
  'platform.account.reset': 'user',
  'directory.tokens.create': 'token',
  'directory.tokens.revoke': 'token',
  'directory.settings.owner': 'user',
  'directory.users.create': 'user',
  'directory.users.update': 'user',
  'directory.users.activate': 'user',
  'directory.users.delete': 'user',
  'directory.groups.create': 'group',
  'directory.groups.update': 'group',
} as const satisfies Record<string, AuditTarget>

export type AuditAction = keyof typeof AUDIT_ACTIONS

export const AUDIT_ACTION_KINDS = Object.keys(AUDIT_ACTIONS) as AuditAction[]

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value)

/** The kind of an action's items; an action recorded before this list knew it has none named. */
export const auditTargetOf = (action: string): AuditTarget | null => (isAuditAction(action) ? AUDIT_ACTIONS[action] : null)
