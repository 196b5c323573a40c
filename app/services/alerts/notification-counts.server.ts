import { pendingPackageInvitationCount } from '../library/feed.server'
import { actorOf, type Ctx } from '../context.server'
import { seenMarkOf } from './feed.server'
import { pendingAddressedToActor } from '../invitations/invitation-inbox.server'

/**
 * The header's counts (spec sections 1, 3 and 7), polled every 60 s by every signed-in tab: each
 * is one index range (checked with EXPLAIN / EXPLAIN QUERY PLAN, see
 * notification-counts.server.test.ts): alerts by `alerts_user_created` and
 * `alerts_user_template` (migration 010), group and group-creator invitations by
 * `invitations_email_pending` and `invitations_email_pending_creator` (migrations 017, 022).
 */

const countOf = (row: { count: string | number | bigint } | undefined) => Number(row?.count ?? 0)

/**
 * Alerts after the mark (`new`) and up to it (`old`). The mark is the one the client passes (its
 * `timestamp`), else the user's stored mark; without either every alert is new.
 */
export async function alertCounts(ctx: Ctx, input: { timestamp?: string | null } = {}) {
  const mark = input.timestamp ?? (await seenMarkOf(ctx))
  if (mark === null) return { new: await countAlerts(ctx, null), old: 0 }
  const [fresh, old] = await Promise.all([countAlerts(ctx, { after: mark }), countAlerts(ctx, { upTo: mark })])
  return { new: fresh, old }
}

/** New alerts after the stored mark only: the tab title and the feed badge (one index range). */
export async function newAlertCount(ctx: Ctx) {
  const mark = await seenMarkOf(ctx)
  return countAlerts(ctx, mark === null ? null : { after: mark })
}

/** The user's alerts after a mark, up to it, or (null) all of them. */
async function countAlerts(ctx: Ctx, range: { after: string } | { upTo: string } | null) {
  let query = ctx.db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', actorOf(ctx).id)
  if (range && 'after' in range) query = query.where('created_at', '>', range.after)
  if (range && 'upTo' in range) query = query.where('created_at', '<=', range.upTo)
  return countOf(await query.executeTakeFirst())
}

/**
 * The library's count (`…/counts?domain=package&type=package.invitation.new`): the package
 * invitations still waiting for the user's answer (services/library/feed.server.ts). Unlike the
 * alerts, viewing the feed does not clear it: accepting or declining does.
 */
export const packageInvitationCount = (ctx: Ctx) => pendingPackageInvitationCount(ctx.db, actorOf(ctx).id)

/**
 * Pending group ("study") invitations addressed to the user's email: not used, revoked, declined or
 * expired: the inbox's groups section (invitation-inbox.server.ts), row for row.
 */
export async function studyInvitationCount(ctx: Ctx) {
  const row = await pendingAddressedToActor(ctx, 'groups')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return countOf(row)
}

/** Pending group-creator invitations addressed to the user's email: the inbox's organizations section. */
export async function organizationInvitationCount(ctx: Ctx) {
  const row = await pendingAddressedToActor(ctx, 'organizations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return countOf(row)
}

/** Every invitation waiting in the user's inbox (/invitations): the three counts together. */
export async function waitingInInbox(ctx: Ctx) {
  const counts = await Promise.all([studyInvitationCount(ctx), packageInvitationCount(ctx), organizationInvitationCount(ctx)])
  return counts.reduce((sum, n) => sum + n, 0)
}

/** Everything the header shows, for the root loader (server-rendered badges and tab title). */
export async function headerCounts(ctx: Ctx, options: { viewingFeed: boolean }) {
  const [alertsNew, libraryInvitations, studyInvitations, organizationInvitations, seenAt] = await Promise.all([
    // The feed moves the mark as it renders: on it, nothing is new.
    options.viewingFeed ? 0 : newAlertCount(ctx),
    packageInvitationCount(ctx),
    studyInvitationCount(ctx),
    organizationInvitationCount(ctx),
    seenMarkOf(ctx),
  ])
  // On the feed the mark is the feed's to tell (it moves it): the browser takes it from there.
  return { alertsNew, libraryInvitations, studyInvitations, organizationInvitations, seenAt: options.viewingFeed ? null : seenAt }
}
export type HeaderCounts = Awaited<ReturnType<typeof headerCounts>>
