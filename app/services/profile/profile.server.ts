import { requireUncommonPassword } from '~/auth/common-passwords.server'
import { hashPassword, verifyPassword } from '~/auth/password.server'
import { refundAttempt, SIGNIN_PER_ACCOUNT_CLIENT, takeAttempt } from '~/auth/rate-limit.server'
import type { SessionUser } from '~/auth/session.server'
import { swedish } from '~/db/collation'
import { DomainError } from '~/errors'
import { hashSecret, nowIso } from '~/utils/ids.server'
import { ALERT_TEMPLATES } from '../alerts/alert-templates'
import { requireRecentProof } from '../accounts/recent-proof.server'
import { actorOf, type Ctx } from '../context.server'
import type { PreferencesInput } from './profile.schemas'
import { deviceOf } from './user-agent'
import { sendSecurityNotice } from '../accounts/security-notices.server'
import { PROVIDER_LABELS } from '../accounts/user-identities.server'
import { isProviderId } from '~/auth/sso/config.server'
import { currentZones } from '~/utils/timezones'

/**
 * Profile and preferences (docs/profile.md): the profile page's data and every change a user makes to
 * their own account. Only the user may change their profile: any other user id is USER_NOT_FOUND,
 * never "forbidden" (the screens and the JSON calls share these functions).
 */

/** The actor, when `userId` is theirs; anyone else's id is not found. */
export function requireSelf(ctx: Ctx, userId: string): SessionUser {
  const actor = actorOf(ctx)
  if (actor.id !== userId) throw new DomainError('USER_NOT_FOUND')
  return actor
}

/** Whether two users share an organization or a group (who may see each other's name and picture). */
async function sharesSomething(ctx: Ctx, a: string, b: string) {
  const org = await ctx.db
    .selectFrom('organization_members as m1')
    .innerJoin('organization_members as m2', 'm2.organization_id', 'm1.organization_id')
    .select('m1.organization_id')
    .where('m1.user_id', '=', a)
    .where('m2.user_id', '=', b)
    .limit(1)
    .executeTakeFirst()
  if (org) return true
  const group = await ctx.db
    .selectFrom('group_members as g1')
    .innerJoin('group_members as g2', 'g2.group_id', 'g1.group_id')
    .select('g1.group_id')
    .where('g1.user_id', '=', a)
    .where('g2.user_id', '=', b)
    .limit(1)
    .executeTakeFirst()
  return Boolean(group)
}

/** Whether the actor may see the user's name and picture: their own, or someone they share something with. */
export async function mayView(ctx: Ctx, userId: string) {
  const actor = actorOf(ctx)
  return actor.id === userId || sharesSomething(ctx, actor.id, userId)
}

export interface ProfileOrganization {
  _id: string
  name: string
  role: 'admin' | 'member'
  isGroupCreator: boolean
}
export interface ProfileGroup {
  _id: string
  name: string
  role: string
  organizationName: string
}
export type Profile =
  | {
      own: true
      _id: string
      name: string
      email: string
      profile_pic: string | null
      organizations: ProfileOrganization[]
      groups: ProfileGroup[]
    }
  | { own: false; _id: string; name: string; profile_pic: string | null }

/** Another user's name and picture, when the actor shares an organization or a group with them; else null. */
async function otherUser(ctx: Ctx, userId: string) {
  const other = await ctx.db.selectFrom('users').select(['id', 'name', 'profile_pic']).where('id', '=', userId).executeTakeFirst()
  if (!other || !(await sharesSomething(ctx, actorOf(ctx).id, userId))) return null
  return other
}

/**
 * `/users/:id`: the actor's own profile in full; another user's name and picture when the two
 * share an organization or a group; otherwise USER_NOT_FOUND.
 */
export async function getProfile(ctx: Ctx, userId: string): Promise<Profile> {
  const actor = actorOf(ctx)
  if (actor.id !== userId) {
    const other = await otherUser(ctx, userId)
    if (!other) throw new DomainError('USER_NOT_FOUND')
    return { own: false, _id: other.id, name: other.name, profile_pic: other.profile_pic }
  }
  const [organizations, groups] = await Promise.all([
    ctx.db
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['o.id', 'o.name', 'm.role', 'm.is_group_creator'])
      .where('m.user_id', '=', actor.id)
      .orderBy(swedish(ctx.db, 'o.name'))
      .execute(),
    ctx.db
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .innerJoin('organizations as o', 'o.id', 'g.organization_id')
      .select(['g.id', 'g.name', 'gm.role', 'o.name as organization_name'])
      .where('gm.user_id', '=', actor.id)
      .orderBy(swedish(ctx.db, 'g.name'))
      .execute(),
  ])
  return {
    own: true,
    _id: actor.id,
    name: actor.name,
    email: actor.email,
    profile_pic: actor.profile_pic,
    organizations: organizations.map((o) => ({ _id: o.id, name: o.name, role: o.role, isGroupCreator: o.is_group_creator === 1 })),
    groups: groups.map((g) => ({ _id: g.id, name: g.name, role: g.role, organizationName: g.organization_name })),
  }
}

/**
 * The name of a user the actor may see (breadcrumbs of every /users/:id screen), or null. The
 * actor's own is theirs already: no query (their memberships are the profile page's alone).
 */
export async function visibleUserName(ctx: Ctx, userId: string) {
  const actor = actorOf(ctx)
  if (actor.id === userId) return actor.name
  return (await otherUser(ctx, userId))?.name ?? null
}

/** PUT /api/users/{userId}/name */
export async function renameUser(ctx: Ctx, userId: string, name: string) {
  const actor = requireSelf(ctx, userId)
  await ctx.db.updateTable('users').set({ name }).where('id', '=', actor.id).execute()
  return { name }
}

/** PUT /api/v2/users/{userId}/preferences: locale, timezone and automatic sign-out, any of them. */
export async function updatePreferences(ctx: Ctx, userId: string, input: PreferencesInput) {
  const actor = requireSelf(ctx, userId)
  await ctx.db
    .updateTable('users')
    .set({
      ...(input.locale ? { locale: input.locale } : {}),
      ...(input.timezone ? { timezone: input.timezone } : {}),
      ...(input.autoSignout
        ? { auto_signout_active: input.autoSignout.isActive ? 1 : 0, auto_signout_seconds: input.autoSignout.timeoutSeconds }
        : {}),
    })
    .where('id', '=', actor.id)
    .execute()
}

/** PUT /api/v1/users/{userId}/preferences/notifications: the templates the user does not want. */
export async function updateNotifications(ctx: Ctx, userId: string, unsubscribedTemplates: readonly string[]) {
  const actor = requireSelf(ctx, userId)
  // Kept in the catalogue's order, once each, so the stored list is the same however it was sent.
  const unsubscribed = ALERT_TEMPLATES.filter((t) => unsubscribedTemplates.includes(t))
  await ctx.db
    .updateTable('users')
    .set({ unsubscribed_templates: JSON.stringify(unsubscribed) })
    .where('id', '=', actor.id)
    .execute()
  return { unsubscribedTemplates: unsubscribed }
}

/**
 * Checks the password a change is confirmed with (WRONG_PASSWORD). Failures count against the
 * account as at sign-in (SIGNIN_PER_ACCOUNT_CLIENT's growing wait), so a session left open cannot
 * be used to guess the password; a right password gives its attempt back.
 */
export async function confirmPassword(ctx: Ctx, password: string) {
  const actor = actorOf(ctx)
  const attempt = await takeAttempt(ctx.db, `password-check:user:${actor.id}`, SIGNIN_PER_ACCOUNT_CLIENT, ctx.now)
  const row = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', actor.id).executeTakeFirst()
  if (!(await verifyPassword(row?.password_hash, password))) {
    if (attempt.blockedUntil) throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: attempt.blockedUntil })
    throw new DomainError('WRONG_PASSWORD')
  }
  await refundAttempt(ctx.db, attempt)
}

/**
 * Changes the password (the current one confirms it; a common or personal one is refused) and
 * signs out every other session of the user; `currentSession` (the id hash of the request's) stays.
 */
export async function changePassword(
  ctx: Ctx,
  userId: string,
  input: { currentPassword: string; newPassword: string; currentSession: string | null },
) {
  const actor = requireSelf(ctx, userId)
  await requireUncommonPassword(input.newPassword, { name: actor.name, email: actor.email }, 'newPassword')
  await confirmPassword(ctx, input.currentPassword)
  const passwordHash = await hashPassword(input.newPassword)
  await ctx.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', actor.id).execute()
  // The current password just given is the proof: the other sessions end with the change.
  const ended = await endOtherSessions(ctx, userId, input.currentSession)
  await sendSecurityNotice(ctx, actor.id, 'password-changed')
  return ended
}

export interface SessionListItem {
  /** Names the session in "sign out" forms: derived from its id hash, which is never shown. */
  id: string
  current: boolean
  browser: string | null
  os: string | null
  created: string
  lastSeen: string
  /**
   * How it was signed in: 'password', 'two-step', 'passkey', or 'sso' with `provider` (its name,
   * e.g. "Google"); null for a session started before this was recorded (migration 029).
   */
  method: 'password' | 'two-step' | 'passkey' | 'sso' | null
  provider: string | null
}

/** A session's sign_in_method as the list shows it. */
export function signInMethodOf(stored: string | null): Pick<SessionListItem, 'method' | 'provider'> {
  if (stored === 'password' || stored === 'two-step' || stored === 'passkey') return { method: stored, provider: null }
  if (stored?.startsWith('sso:')) {
    const id = stored.slice(4)
    return { method: 'sso', provider: isProviderId(id) ? PROVIDER_LABELS[id] : id }
  }
  return { method: null, provider: null }
}

/** The user's live sessions, the current one first, then the latest seen. */
export async function listSessions(ctx: Ctx, userId: string, currentSession: string | null): Promise<SessionListItem[]> {
  const actor = requireSelf(ctx, userId)
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id_hash', 'created_at', 'last_seen_at', 'user_agent', 'sign_in_method'])
    .where('user_id', '=', actor.id)
    .where('expires_at', '>', nowIso(ctx.now))
    .orderBy('last_seen_at', 'desc')
    .execute()
  return rows
    .map((r) => ({
      id: sessionListId(r.id_hash),
      current: r.id_hash === currentSession,
      ...deviceOf(r.user_agent),
      created: r.created_at,
      lastSeen: r.last_seen_at,
      ...signInMethodOf(r.sign_in_method),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current))
}

const sessionListId = (idHash: string) => hashSecret(`session-list:${idHash}`).slice(0, 32)

/**
 * Ends one of the user's sessions, named by its list id (another user's, or an unknown one, is
 * NOT_FOUND). Answers whether it was the request's own (the caller then clears the cookie).
 */
export async function signOutSession(ctx: Ctx, userId: string, sessionId: string, currentSession: string | null) {
  const actor = requireSelf(ctx, userId)
  const rows = await ctx.db.selectFrom('sessions').select('id_hash').where('user_id', '=', actor.id).execute()
  const row = rows.find((r) => sessionListId(r.id_hash) === sessionId)
  if (!row) throw new DomainError('NOT_FOUND')
  // Ending another session is a security change (ASVS 7.5.2): a fresh proof first; signing this browser out needs none.
  if (row.id_hash !== currentSession) await requireRecentProof(ctx)
  await ctx.db.deleteFrom('sessions').where('id_hash', '=', row.id_hash).where('user_id', '=', actor.id).execute()
  return { current: row.id_hash === currentSession }
}

/**
 * "Sign out everywhere else": every session of the user but `currentSession`, after a fresh proof
 * (ASVS 7.5.2: REAUTH_REQUIRED without one). Returns how many ended.
 */
export async function signOutOtherSessions(ctx: Ctx, userId: string, currentSession: string | null) {
  const actor = requireSelf(ctx, userId)
  await requireRecentProof(ctx)
  return endOtherSessions(ctx, actor.id, currentSession)
}

/** Ends every session of the user but `currentSession`, for a change that has just had its own proof (a new password). */
async function endOtherSessions(ctx: Ctx, userId: string, currentSession: string | null) {
  const result = await ctx.db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(currentSession !== null, (q) => q.where('id_hash', '!=', currentSession!))
    .executeTakeFirst()
  return { signedOut: Number(result.numDeletedRows) }
}

/** The zones offered in the timezone list (the runtime's IANA list by current names, with UTC), read once. */
let zones: readonly string[] | undefined
export function timezones(): readonly string[] {
  zones ??= currentZones()
  return zones
}
