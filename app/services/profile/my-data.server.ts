import { DomainError } from '~/errors'
import type { Ctx } from '../context.server'
import { confirmPassword, requireSelf } from './profile.server'
import { toCurrentUser } from '../accounts/users.server'

/**
 * "My data" (docs/profile.md): everything the product holds about the user, as one JSON
 * document, and the deletion of the account. Secrets (the password hash, session and token
 * hashes) are not data about the user and stay out of the export.
 */

export async function exportMyData(ctx: Ctx, userId: string) {
  const actor = requireSelf(ctx, userId)
  const db = ctx.db
  const [
    user,
    organizations,
    groups,
    ownedGroups,
    sessions,
    alerts,
    invitationsSent,
    auditEntries,
    picture,
    library,
    identities,
    browsers,
    loops,
  ] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', actor.id).executeTakeFirstOrThrow(),
    db
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['o.id as organizationId', 'o.name', 'm.role', 'm.is_group_creator', 'm.created_at'])
      .where('m.user_id', '=', actor.id)
      .execute(),
    db
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['g.id as groupId', 'g.name', 'gm.role', 'gm.created_at'])
      .where('gm.user_id', '=', actor.id)
      .execute(),
    db.selectFrom('groups').select(['id as groupId', 'name', 'created_at']).where('owner_id', '=', actor.id).execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'sign_in_method'])
      .where('user_id', '=', actor.id)
      .execute(),
    db
      .selectFrom('alerts')
      .select(['template', 'organization_id', 'target_type', 'target_id', 'data', 'created_at'])
      .where('user_id', '=', actor.id)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('invitations')
      .select(['organization_id', 'group_id', 'type', 'email', 'created_at', 'used_at', 'revoked_at'])
      .where('created_by', '=', actor.id)
      .execute(),
    db.selectFrom('audit_log').select(['organization_id', 'action', 'created_at']).where('actor_id', '=', actor.id).execute(),
    db.selectFrom('profile_pictures').select(['image', 'content_type', 'updated_at']).where('user_id', '=', actor.id).executeTakeFirst(),
    libraryOf(ctx, actor.id, actor.email),
    // Which provider accounts sign in to this one; the provider's subject is its id for the user.
    db
      .selectFrom('user_identities')
      .select(['provider', 'issuer', 'subject', 'email', 'created_at', 'last_used_at'])
      .where('user_id', '=', actor.id)
      .execute(),
    // The browser families signed in from, for the "new browser" notice (security-notices.server.ts).
    db
      .selectFrom('known_browsers')
      .select(['family', 'first_seen_at', 'last_seen_at'])
      .where('user_id', '=', actor.id)
      .orderBy('family')
      .execute(),
    loopsOf(ctx, actor.id),
  ])
  return {
    exportedAt: ctx.now.toISOString(),
    user: {
      ...toCurrentUser(user),
      created: user.created_at,
      emailVerifiedAt: user.email_verified_at,
      lastRequest: user.last_request_at,
      alertsSeenAt: user.alerts_seen_at,
      telemetryOptOut: Number(user.telemetry_opt_out) === 1,
    },
    profilePicture: picture
      ? { contentType: picture.content_type, updated: picture.updated_at, base64: Buffer.from(picture.image).toString('base64') }
      : null,
    organizations: organizations.map((o) => ({ ...o, is_group_creator: o.is_group_creator === 1 })),
    groups,
    ownedGroups,
    sessions,
    alerts: alerts.map((a) => ({ ...a, data: JSON.parse(a.data) as unknown })),
    invitationsSent,
    auditEntries,
    library,
    signInProviders: identities,
    knownBrowsers: browsers,
    ...loops,
  }
}

/**
 * The user's loops (text, feeling, task, tags, photos' sizes, the whole thread on them) and every
 * comment they wrote on others' loops: what group work holds about them (docs/group-work.md
 * "Retention"). Photos are listed, not embedded (each can be 5 MB): their page shows them.
 */
async function loopsOf(ctx: Ctx, userId: string) {
  const db = ctx.db
  const [own, comments] = await Promise.all([
    db
      .selectFrom('loops as l')
      .innerJoin('groups as g', 'g.id', 'l.group_id')
      .leftJoin('group_tasks as t', 't.id', 'l.task_id')
      .select([
        'l.id',
        'l.group_id as groupId',
        'g.name as groupName',
        't.title as task',
        'l.text',
        'l.emotion',
        'l.created_at as created',
        'l.edited_at as edited',
        'l.approved_at as approved',
      ])
      .where('l.author_id', '=', userId)
      .orderBy('l.created_at')
      .execute(),
    db
      .selectFrom('loop_comments as c')
      .innerJoin('groups as g', 'g.id', 'c.group_id')
      .select(['c.loop_id as loopId', 'g.name as groupName', 'c.text', 'c.created_at as created'])
      .where('c.author_id', '=', userId)
      .orderBy('c.created_at')
      .execute(),
  ])
  const ids = own.map((l) => l.id)
  const [tags, photos, threads] = ids.length
    ? await Promise.all([
        db
          .selectFrom('loop_tags as lt')
          .innerJoin('group_tags as gt', 'gt.id', 'lt.tag_id')
          .select(['lt.loop_id', 'gt.name'])
          .where('lt.loop_id', 'in', ids)
          .execute(),
        db
          .selectFrom('loop_photos')
          .select(['loop_id', 'content_type', 'width', 'height', 'byte_size', 'created_at'])
          .where('loop_id', 'in', ids)
          .orderBy('position')
          .execute(),
        db
          .selectFrom('loop_comments as c')
          .leftJoin('users as u', 'u.id', 'c.author_id')
          .select(['c.loop_id', 'u.name as author', 'c.text', 'c.created_at as created'])
          .where('c.loop_id', 'in', ids)
          .orderBy('c.created_at')
          .execute(),
      ])
    : [[], [], []]
  return {
    loops: own.map((l) => ({
      ...l,
      emotion: Number(l.emotion),
      tags: tags.filter((t) => t.loop_id === l.id).map((t) => t.name),
      photos: photos.filter((p) => p.loop_id === l.id).map(({ loop_id: _, ...p }) => p),
      comments: threads.filter((c) => c.loop_id === l.id).map(({ loop_id: _, ...c }) => c),
    })),
    loopComments: comments,
  }
}

/** The user's packages (with roles and tasks), the packages shared with them, and the package invitations to their address. */
async function libraryOf(ctx: Ctx, userId: string, email: string) {
  const db = ctx.db
  const [owned, sharedWithMe, invitations] = await Promise.all([
    db
      .selectFrom('packages')
      .select(['id', 'name', 'description', 'language', 'tags', 'status', 'created_at', 'updated_at'])
      .where('owner_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('package_collaborators as c')
      .innerJoin('packages as p', 'p.id', 'c.package_id')
      .select(['p.id', 'p.name', 'c.access', 'c.created_at'])
      .where('c.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('package_invitations as i')
      .innerJoin('packages as p', 'p.id', 'i.package_id')
      .select(['p.id as packageId', 'p.name', 'i.access', 'i.status', 'i.created_at'])
      .where('i.email', '=', email.toLowerCase())
      .execute(),
  ])
  const ids = owned.map((p) => p.id)
  const [roles, entities] = ids.length
    ? await Promise.all([
        db
          .selectFrom('package_roles')
          .select(['id', 'package_id', 'name', 'description', 'position'])
          .where('package_id', 'in', ids)
          .orderBy('position')
          .execute(),
        db
          .selectFrom('package_entities')
          .select(['role_id', 'title', 'instructions', 'kind', 'day_offset', 'position'])
          .where('package_id', 'in', ids)
          .orderBy('position')
          .execute(),
      ])
    : [[], []]
  return {
    ownedPackages: owned.map((p) => ({
      ...p,
      tags: JSON.parse(p.tags) as string[],
      roles: roles
        .filter((r) => r.package_id === p.id)
        .map(({ id, package_id: _, ...role }) => ({
          ...role,
          tasks: entities.filter((e) => e.role_id === id).map(({ role_id: __, ...task }) => task),
        })),
    })),
    sharedWithMe,
    invitations,
  }
}

/** What keeps an account from being deleted: organizations it is the last admin of, groups it owns. */
export async function deletionBlockers(ctx: Ctx, userId: string) {
  const actor = requireSelf(ctx, userId)
  const [lastAdminOf, ownerOf] = await Promise.all([
    ctx.db
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['o.id', 'o.name'])
      .where('m.user_id', '=', actor.id)
      .where('m.role', '=', 'admin')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('organization_members as other')
              .select('other.user_id')
              .whereRef('other.organization_id', '=', 'm.organization_id')
              .where('other.role', '=', 'admin')
              .where('other.user_id', '!=', actor.id),
          ),
        ),
      )
      .orderBy('o.name')
      .execute(),
    ctx.db.selectFrom('groups').select(['id', 'name']).where('owner_id', '=', actor.id).orderBy('name').execute(),
  ])
  return { lastAdminOf: lastAdminOf.map((o) => o.name), ownerOf: ownerOf.map((g) => g.name) }
}

/**
 * Deletes the account, confirmed by the password. Refused (ACCOUNT_DELETION_BLOCKED, naming them)
 * while the user is the last admin of an organization or owns a group: those need a new admin or
 * owner first. Everything of the user goes with the row (memberships, sessions, tokens, alerts,
 * picture, their loops with their photos, tags and threads, their comments on others' loops: foreign
 * keys cascade); what others keep (invitations sent, audit entries) loses the name.
 */
export async function deleteAccount(ctx: Ctx, userId: string, password: string) {
  const actor = requireSelf(ctx, userId)
  await confirmPassword(ctx, password)
  await ctx.db.transaction().execute(async (trx) => {
    const blockers = await deletionBlockers({ ...ctx, db: trx }, userId)
    if (blockers.lastAdminOf.length || blockers.ownerOf.length) throw new DomainError('ACCOUNT_DELETION_BLOCKED', blockers)
    // The user's comments go with the account (cascade): others' loops keep a count that matches their thread.
    await trx
      .updateTable('loops')
      .set((eb) => ({
        comment_count: eb(
          'comment_count',
          '-',
          eb
            .selectFrom('loop_comments as c')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('c.loop_id', '=', 'loops.id')
            .where('c.author_id', '=', actor.id),
        ),
      }))
      .where('author_id', '!=', actor.id)
      .where('id', 'in', (eb) => eb.selectFrom('loop_comments').select('loop_id').where('author_id', '=', actor.id))
      .execute()
    await trx.deleteFrom('users').where('id', '=', actor.id).execute()
  })
}
