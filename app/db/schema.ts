import type { Generated, Selectable } from 'kysely'

/**
 * Database types. Both dialects store the same shapes:
 * timestamps are ISO-8601 UTC strings (they sort as text), booleans are 0/1 integers,
 * lists are JSON text. See docs/database.md.
 */
export interface UsersTable {
  id: string
  name: string
  email: string
  password_hash: string | null
  email_verified_at: string | null
  locale: string
  timezone: string
  auto_signout_active: Generated<number>
  auto_signout_seconds: Generated<number>
  unsubscribed_templates: Generated<string>
  profile_pic: string | null
  created_at: string
  last_request_at: string | null
  /** May see and retry mail that could not be sent (/platform/mail); set with `npm run admin`. */
  is_platform_admin: Generated<number>
  /** The feed's "seen up to" mark: alerts created after it are new (migration 010). */
  alerts_seen_at: string | null
  /** 1: the user's pages send no telemetry, and the endpoint drops it (migration 014). */
  telemetry_opt_out: Generated<number>
}

export interface SessionsTable {
  id_hash: string
  user_id: string
  created_at: string
  last_seen_at: string
  expires_at: string
  /** The browser's User-Agent at sign-in (migration 013), shown in the user's list of sessions. */
  user_agent: string | null
  /** How it was signed in (migration 029): 'password', 'two-step', 'passkey', 'sso:<provider id>'; null before it. */
  sign_in_method: Generated<string | null>
  /** When the user last proved who they are in this session (migration 036): sign-in or /confirm-identity; null before it. */
  proved_at: Generated<string | null>
}

export interface TokensTable {
  id: string
  user_id: string
  purpose: 'verify-email' | 'password-reset' | 'join-invitation' | 'change-email' | 'sso-link' | 'second-factor'
  token_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
  data: string | null
}

/** Two-step verification with an authenticator app (migration 027): the key is sealed, never plain. */
export interface UserTotpTable {
  user_id: string
  secret: string
  created_at: string
  /** Null while enrolling: only a confirmed key is asked for at sign-in. */
  confirmed_at: string | null
  /** The time step of the last accepted code (a code is accepted once). */
  last_step: number | string | null
}

/** Single-use recovery codes (migration 027): `h2:` + HMAC-SHA256 keyed by the user, or a code of before as its SHA-256 (recovery-codes.server.ts). */
export interface RecoveryCodesTable {
  id: string
  user_id: string
  code_hash: string
  created_at: string
  used_at: string | null
}

/** A user's passkey (WebAuthn credential, migration 028). */
export interface PasskeysTable {
  id: string
  user_id: string
  /** The authenticator's credential id, base64url; unique across users. */
  credential_id: string
  /** The COSE public key, base64url. */
  public_key: string
  /** The signature counter last seen (0 when the authenticator keeps none). */
  counter: number | string
  device_type: 'singleDevice' | 'multiDevice'
  /** 0/1: the credential is backed up (synced), as the authenticator last said. */
  backed_up: number
  /** JSON list of the authenticator's transports (hints for the browser). */
  transports: string
  aaguid: string | null
  name: string
  created_at: string
  last_used_at: string | null
}

/** The challenge of a passkey ceremony (migration 028): its hash, single-use, 5 minutes. */
export interface PasskeyChallengesTable {
  id: string
  challenge_hash: string
  purpose: 'registration' | 'authentication'
  /** The user adding a passkey; null for a sign-in (the passkey names its user). */
  user_id: string | null
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface RateLimitsTable {
  key: string
  failures: number
  first_failure_at: string
  blocked_until: string | null
}

/** pending -> sent | failed (retried with backoff) -> dead (see app/mail/outbox.server.ts). */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'dead'
export interface MailOutboxTable {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  created_at: string
  status: Generated<MailStatus>
  /** Attempts started (counted when a worker claims the row). */
  attempts: Generated<number>
  /** When a worker may claim it next (pending and failed rows). */
  next_attempt_at: string | null
  /** The lease of the worker sending it: after this, another worker may claim it again. */
  claimed_until: string | null
  claim_token: string | null
  last_error: string | null
  sent_at: string | null
}

export interface OrganizationsTable {
  id: string
  name: string
  active: Generated<number>
  /** JSON: { name?, email?, phone? } */
  contact: Generated<string>
  created_at: string
  /** The organization's organization_members rows, kept by triggers (migration 021). */
  member_count: Generated<number>
  /** The admin who owns the groups its directory creates over SCIM (migration 026). */
  directory_group_owner_id: Generated<string | null>
  /** Who must have two-step verification or a passkey (migration 029, docs/auth.md). */
  two_step_policy: Generated<TwoStepPolicy>
  /** The retention period new groups start with, in months (migration 039). */
  retention_default_months: Generated<number>
  /** The longest retention period a group of the organization may have. */
  retention_max_months: Generated<number>
}

export type TwoStepPolicy = 'off' | 'admins' | 'admins-and-group-creators'

/** The browser families a user has signed in from (migration 029): "new browser" notices. */
export interface KnownBrowsersTable {
  user_id: string
  family: string
  first_seen_at: string
  last_seen_at: string
}

export type OrgRole = 'admin' | 'member'
export interface OrganizationMembersTable {
  organization_id: string
  user_id: string
  role: Generated<OrgRole>
  is_group_creator: Generated<number>
  /** May create attendance groups (migration 011); admins always may. */
  may_create_attendance: Generated<number>
  /** When the user joined the organization (the member's `created`). */
  created_at: string
  /** Copies of the user's name, email and last_request_at, kept by triggers (migration 005) for the list's indexes. */
  name: Generated<string>
  email: Generated<string>
  last_request_at: Generated<string | null>
}

export type GroupKind = 'standard' | 'attendance'
export interface GroupsTable {
  id: string
  organization_id: string
  name: string
  kind: Generated<GroupKind>
  owner_id: string
  active: Generated<number>
  /** Kept equal to the number of group_members rows by the services (lists read it, no count per row). */
  member_count: Generated<number>
  latest_activity_at: string | null
  created_at: string
  /** 1: created by the organization's directory over SCIM, the only groups it sees (migration 026). */
  directory_managed: Generated<number>
  /** The directory's externalId of such a group. */
  directory_external_id: Generated<string | null>
  /** 1: members may send free loops (with no task) in the group (migration 035). */
  free_loops: Generated<number>
  /** How long the group keeps its loops, in months: 1, 3, 6, 12 or 24 (migration 039). */
  retention_months: Generated<number>
  /** Why it keeps them (required, ≤ 500 characters), shown to every member. */
  retention_purpose: Generated<string>
  /** The creation time up to which the owner has been told of loops queued for removal. */
  retention_noticed_until: Generated<string | null>
  /** 1: members see the anonymous class view of the group's insight (the owner's switch, off by default; migration 038). */
  class_insight: Generated<number>
}

/** Group roles (spec section 6); the owner is also groups.owner_id. */
export type GroupRole = 'owner' | 'leader' | 'member' | 'subscriber'
export interface GroupMembersTable {
  group_id: string
  user_id: string
  role: Generated<GroupRole>
  created_at: string
  /** Copies of the user's name and email, kept by triggers (migration 018) for the member list's indexes. */
  name: Generated<string>
  email: Generated<string>
  /** Copies of the group's name and active flag, kept by triggers (migration 033) for the side menu's index. */
  group_name: Generated<string>
  group_active: Generated<number>
}

export interface InvitationsTable {
  id: string
  organization_id: string
  /** Set when the code makes the user a member of a group rather than a group creator. */
  group_id: string | null
  type: 'email' | 'open'
  email: string | null
  group_creator: Generated<number>
  /** HMAC of the 6-character code; the code itself is never stored. */
  code_hash: string
  created_by: string | null
  created_at: string
  expires_at: string
  used_at: string | null
  used_by: string | null
  revoked_at: string | null
  /** When the addressee declined it from the invitations inbox (migration 022): its code no longer works. */
  declined_at: Generated<string | null>
}

export interface AuditLogTable {
  id: string
  organization_id: string
  actor_id: string | null
  action: string
  /** JSON list of item ids the action was about. */
  items: Generated<string>
  /** JSON: counts of results by status, and anything else worth keeping. */
  result: Generated<string>
  created_at: string
  /**
   * 'done', or 'started' while a bulk action runs (migration 009): an entry still 'started' after
   * its action stopped part-way counts in `result` exactly what was committed.
   */
  status: Generated<AuditStatus>
  /** The directory token a change came through over SCIM (migration 026); its name is the actor shown. */
  directory_token_id: Generated<string | null>
}

export type AuditStatus = 'started' | 'done'

/** One notification of one user (the feed at `/`; app/services/alerts/alerts.server.ts). */
export interface AlertsTable {
  id: string
  user_id: string
  /** An `AlertTemplate` (app/services/alerts/alert-templates.ts), e.g. `group.member.added`. */
  template: string
  actor_id: string | null
  organization_id: string | null
  /** What the alert links to: 'group', 'organization', 'package'. */
  target_type: string
  target_id: string
  /** JSON: names to show without joins (group name, role, package name). */
  data: Generated<string>
  created_at: string
}

/** A user's profile picture, re-encoded (migration 013; app/services/profile/profile-pictures.server.ts). */
export interface ProfilePicturesTable {
  user_id: string
  image: Uint8Array
  content_type: string
  /** Hash of `image`: the ETag, and the version in `users.profile_pic`. */
  etag: string
  updated_at: string
}

/** A provider account linked to a user, keyed by (issuer, subject) (migration 015, docs/sso.md). */
export interface UserIdentitiesTable {
  id: string
  user_id: string
  provider: string
  issuer: string
  subject: string
  email: string | null
  created_at: string
  last_used_at: string
}

/** The provider tokens of an SSO session, encrypted (app/auth/sso/token-store.server.ts). */
export interface SsoSessionsTable {
  session_id_hash: string
  provider: string
  refresh_token: string | null
  id_token: string | null
  expires_at: string | null
  renew_at: string | null
  created_at: string
}

// ---------- The library (migration 012, ADR 009) ----------

export type PackageLanguage = 'sv' | 'en'
export type PackageStatus = 'draft' | 'published'
/** What a collaborator may do; the owner is packages.owner_id. */
export type CollaboratorAccess = 'view' | 'edit'
export type PackageInvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked'

export interface PackagesTable {
  id: string
  owner_id: string
  name: string
  description: Generated<string>
  language: Generated<PackageLanguage>
  /** JSON list of tags. */
  tags: Generated<string>
  /** Name, description and tags in lower case, for the feed's search (services/library/search.ts). */
  search_text: Generated<string>
  /** The tags in lower case as JSON, for the feed's tag filter. */
  tags_key: Generated<string>
  status: Generated<PackageStatus>
  /** Optimistic concurrency: every save of steps 1–3 (and publishing) takes the version it read and adds one. */
  version: Generated<number>
  role_count: Generated<number>
  entity_count: Generated<number>
  created_at: string
  updated_at: string
  published_at: string | null
}

export interface PackageRolesTable {
  id: string
  package_id: string
  name: string
  description: Generated<string>
  position: number
}

export interface PackageEntitiesTable {
  id: string
  package_id: string
  role_id: string
  title: string
  instructions: Generated<string>
  kind: Generated<string>
  day_offset: number | null
  position: number
}

export interface PackageCollaboratorsTable {
  package_id: string
  user_id: string
  access: CollaboratorAccess
  created_at: string
  /**
   * Copies kept by triggers for the feed (migration 019, ADR 016), never written by a service:
   * 1 when the package is published or the access is edit (the collaborator sees it), and the
   * package's name and times (on SQLite also `package_name_key`, the name's Swedish sort key).
   */
  visible: Generated<number>
  package_name: Generated<string>
  package_created_at: Generated<string>
  package_updated_at: Generated<string>
}

/** The groups an invitation to an organization carries (migration 041): joined when it is accepted. */
export interface InvitationGroupsTable {
  invitation_id: string
  group_id: string
}

export interface PackageInvitationsTable {
  id: string
  package_id: string
  /** Lower case; the invitee is whoever signs in with it. */
  email: string
  access: CollaboratorAccess
  invited_by: string | null
  /** The user the address belonged to when invited (informational; matching is by email). */
  user_id: string | null
  status: Generated<PackageInvitationStatus>
  created_at: string
  sent_at: string
  responded_at: string | null
}

export interface PackageShareLinksTable {
  id: string
  package_id: string
  /** SHA-256 of the token (ids.server.ts hashSecret); the token itself is never stored. */
  token_hash: string
  created_by: string | null
  created_at: string
  expires_at: string | null
  last_used_at: string | null
  revoked_at: string | null
}

/**
 * A task of a group (migration 012, editable since 035): copied from a package when the group was
 * made from one, or written by a leader. Members of its roles (`group_task_roles`) see it once
 * `published_at` has come; null is a draft.
 */
export interface GroupTasksTable {
  id: string
  group_id: string
  package_id: string | null
  package_role_name: string
  title: string
  /** The task's description. */
  instructions: Generated<string>
  kind: Generated<string>
  day_offset: number | null
  position: number
  /** When members see it: null is a draft, a future time is "publish at". */
  published_at: string | null
  due_at: string | null
  created_by: string | null
  created_at: string | null
  updated_at: string | null
}

/** The group roles a task is for (migration 035). */
export interface GroupTaskRolesTable {
  task_id: string
  group_id: string
  role: GroupRole
}

/** A group's tags, chosen on loops (migration 035); at most GROUP_TAG_LIMIT per group. */
export interface GroupTagsTable {
  id: string
  group_id: string
  name: string
  /** Lower-case, trimmed name: unique per group. */
  name_key: string
  description: Generated<string>
  created_at: string
}

/** A member's reflection (migration 035): on a task (a report) or free (`task_id` null). */
export interface LoopsTable {
  id: string
  group_id: string
  task_id: string | null
  author_id: string
  text: string
  /** The emotional value, 1 (worst) to 5 (best). */
  emotion: number
  created_at: string
  edited_at: string | null
  approved_by: string | null
  approved_at: string | null
  /** Kept by the services: lists read them without a count per row. */
  comment_count: Generated<number>
  photo_count: Generated<number>
  /** The last edit, comment or approval: unread for a viewer whose loop_reads.read_at is older. */
  activity_at: string
}

export interface LoopTagsTable {
  loop_id: string
  tag_id: string
  group_id: string
}

/** A loop's photo, re-encoded without metadata (migration 035; served only through the loop's visibility check). */
export interface LoopPhotosTable {
  id: string
  loop_id: string
  group_id: string
  position: number
  image: Uint8Array
  content_type: string
  width: number
  height: number
  byte_size: number
  etag: string
  created_at: string
}

export interface LoopCommentsTable {
  id: string
  loop_id: string
  group_id: string
  author_id: string
  text: string
  created_at: string
}

/** A subscriber of a group follows a member of it (both rows of group_members; migration 035). */
export interface GroupFollowsTable {
  group_id: string
  subscriber_id: string
  member_id: string
  created_at: string
}

/**
 * What the retention job keeps of the loops it removes (migration 039): counts per group, task
 * ('' for free loops) and month (YYYY-MM, Europe/Stockholm). Never text, never a person.
 */
export interface LoopCountsTable {
  group_id: string
  task_key: string
  month: string
  loops: Generated<number>
  comments: Generated<number>
  emotion_sum: Generated<number>
}

/** When a user last opened a loop (unread marks; migration 035). */
export interface LoopReadsTable {
  user_id: string
  loop_id: string
  read_at: string
}

/** One web-vital figure or uncaught error reported by a browser (migration 014; kept 30 days). */
export interface TelemetryEventsTable {
  id: string
  kind: 'vital' | 'error'
  /** LCP, INP, CLS, FCP, TTFB; or 'error' / 'unhandledrejection'. */
  name: string
  /** The route pattern, ids redacted. */
  route: string
  value: number | null
  message: string | null
  app_version: string
  created_at: string
}

/** A bearer token of an organization's directory (SCIM, migration 026); only its hash is kept. */
export interface DirectoryTokensTable {
  id: string
  organization_id: string
  name: string
  token_hash: string
  created_at: string
  created_by: string | null
  last_used_at: string | null
  revoked_at: string | null
}

/** The SCIM User resource of one person in one organization (migration 026); it outlives the membership while inactive. */
export interface DirectoryUsersTable {
  id: string
  organization_id: string
  user_id: string
  external_id: string | null
  active: Generated<number>
  given_name: string | null
  family_name: string | null
  display_name: string | null
  created_at: string
  updated_at: string
}

/** An uploaded member import between its preview and its confirmation (migration 031); JSON rows and results. */
export interface MemberImportsTable {
  id: string
  organization_id: string
  created_by: string
  file_name: string
  create_missing_groups: Generated<number>
  rows: string
  created_at: string
  expires_at: string
  applied_at: string | null
  results: string | null
  /** JSON ImportColumns: the columns read and left out (migration 042); null before it. */
  columns: string | null
}

/** A 4xx or 5xx answer of /scim/v2 to a valid directory token (migration 032); the newest few per organization are kept. */
export interface DirectoryErrorsTable {
  id: string
  organization_id: string
  token_id: string
  created_at: string
  method: string
  path: string
  status: number
  scim_type: string | null
  detail: string
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  tokens: TokensTable
  user_totp: UserTotpTable
  recovery_codes: RecoveryCodesTable
  known_browsers: KnownBrowsersTable
  passkeys: PasskeysTable
  passkey_challenges: PasskeyChallengesTable
  rate_limits: RateLimitsTable
  mail_outbox: MailOutboxTable
  organizations: OrganizationsTable
  organization_members: OrganizationMembersTable
  groups: GroupsTable
  group_members: GroupMembersTable
  invitations: InvitationsTable
  invitation_groups: InvitationGroupsTable
  audit_log: AuditLogTable
  alerts: AlertsTable
  profile_pictures: ProfilePicturesTable
  user_identities: UserIdentitiesTable
  sso_sessions: SsoSessionsTable
  packages: PackagesTable
  package_roles: PackageRolesTable
  package_entities: PackageEntitiesTable
  package_collaborators: PackageCollaboratorsTable
  package_invitations: PackageInvitationsTable
  package_share_links: PackageShareLinksTable
  group_tasks: GroupTasksTable
  group_task_roles: GroupTaskRolesTable
  group_tags: GroupTagsTable
  loops: LoopsTable
  loop_tags: LoopTagsTable
  loop_photos: LoopPhotosTable
  loop_comments: LoopCommentsTable
  group_follows: GroupFollowsTable
  loop_reads: LoopReadsTable
  loop_counts: LoopCountsTable
  telemetry_events: TelemetryEventsTable
  directory_tokens: DirectoryTokensTable
  directory_users: DirectoryUsersTable
  member_imports: MemberImportsTable
  directory_errors: DirectoryErrorsTable
  account_recoveries: AccountRecoveriesTable
  loop_digests: LoopDigestsTable
}

/** A subscriber's weekly digest (migration 040, services/group-work/loop-digest.server.ts): one per user and week. */
export interface LoopDigestsTable {
  user_id: string
  /** The Monday of the week it covers, a local date in the user's time zone (YYYY-MM-DD). */
  week: string
  sent_at: string
  /** The loops it held (0: none, no email was sent). */
  loop_count: Generated<number>
}

/** A platform admin's reset of an account that lost every second factor (migration 037, services/platform/account-recovery.server.ts). */
export interface AccountRecoveriesTable {
  id: string
  user_id: string
  /** The platform admin who made it; null once their account is gone. */
  actor_id: string | null
  /** What the admin did to make sure of the person's identity, as they wrote it. */
  identity_checks: string
  /** JSON: what was removed (AccountRecoveryRemoved). */
  removed: Generated<string>
  created_at: string
}

/** A users row as read. */
export type User = Selectable<UsersTable>
