import { sql } from 'kysely'
import type { DB } from '~/db/db.server'
import type { GroupRole } from '~/db/schema'
import { DomainError } from '~/errors'
import { actorOf, type Ctx } from '../context.server'
import { meetsPolicyOf, strongAuthSetupUrl } from '../two-step/strong-auth.server'
import { GROUP_ROLES, rightsOf, type GroupRoleRights } from './group-roles'

/**
 * Who may see and change a group, read from the role table (group-roles.ts) and nowhere else.
 * A group is visible to its members and to the admins of its organization; to anyone else it does
 * not exist (GROUP_NOT_FOUND, the same answer as for an unknown id). Rights beyond seeing it come
 * from the member's role only: an admin who is not a member manages the group from the
 * organization's screens (docs/group-roles.md).
 *
 * What an admin holds through the organization (seeing a group they are not a member of, the
 * members' emails, inviting) passes the organization's two-step policy first (docs/auth.md
 * "Organization policy"), like every admin screen: an admin it stops gets STRONG_AUTH_REQUIRED for
 * a group they are not a member of, and in a group they are a member of, their role's rights only.
 */

export interface GroupAccess {
  group: {
    id: string
    name: string
    organizationId: string
    ownerId: string
    active: boolean
    created: string
    memberCount: number
    latestActivity: string | null
  }
  organization: { id: string; name: string; active: boolean }
  /** The actor's role in the group, or null for an admin of its organization who is not a member. */
  role: GroupRole | null
  isOrgAdmin: boolean
  /** Whether the actor sees the members' email addresses: owners, leaders (the role table) and the organization's admins. */
  seesMemberEmails: boolean
  rights: Pick<GroupRoleRights, 'manageMembers' | 'manageGroup'>
}

const NO_RIGHTS = { manageMembers: false, manageGroup: false }
const ADMIN = { role: 'admin', is_group_creator: 0 }

/** The group as the actor may see it, or GROUP_NOT_FOUND. One query; `db` may be a transaction. */
export async function requireGroupAccess(ctx: Ctx, groupId: string, db: DB = ctx.db): Promise<GroupAccess> {
  const actor = actorOf(ctx)
  const row = await db
    .selectFrom('groups as g')
    .innerJoin('organizations as o', 'o.id', 'g.organization_id')
    .leftJoin('group_members as gm', (join) => join.onRef('gm.group_id', '=', 'g.id').on('gm.user_id', '=', actor.id))
    .leftJoin('organization_members as om', (join) =>
      join.onRef('om.organization_id', '=', 'g.organization_id').on('om.user_id', '=', actor.id),
    )
    .select([
      'g.id',
      'g.name',
      'g.organization_id',
      'g.owner_id',
      'g.active',
      'g.created_at',
      'g.member_count',
      'g.latest_activity_at',
      'o.name as org_name',
      'o.active as org_active',
      'o.two_step_policy',
      'gm.role',
      'om.role as org_role',
    ])
    .where('g.id', '=', groupId)
    .executeTakeFirst()
  if (!row || (!row.role && row.org_role !== 'admin')) throw new DomainError('GROUP_NOT_FOUND')
  const role = (row.role as GroupRole | null) ?? null
  const org = { id: row.organization_id, two_step_policy: row.two_step_policy }
  const isOrgAdmin = row.org_role === 'admin' && (await meetsPolicyOf({ ...ctx, db }, org, ADMIN))
  if (!role && !isOrgAdmin)
    throw new DomainError('STRONG_AUTH_REQUIRED', {
      organizationId: org.id,
      setupUrl: strongAuthSetupUrl(actor.id, org.id, `/groups/${groupId}/home`),
    })
  const rights = role ? rightsOf(role) : NO_RIGHTS
  return {
    group: {
      id: row.id,
      name: row.name,
      organizationId: row.organization_id,
      ownerId: row.owner_id,
      active: Number(row.active) === 1,
      created: row.created_at,
      memberCount: Number(row.member_count),
      latestActivity: row.latest_activity_at,
    },
    organization: { id: row.organization_id, name: row.org_name, active: Number(row.org_active) === 1 },
    role,
    isOrgAdmin,
    seesMemberEmails: isOrgAdmin || (role ? rightsOf(role).seeMemberEmails : false),
    rights: { manageMembers: rights.manageMembers, manageGroup: rights.manageGroup },
  }
}

/**
 * The group, if the actor's role has `right` in it (the role table). Someone who may see the group
 * but lacks the right gets FORBIDDEN; anyone else GROUP_NOT_FOUND.
 */
export async function requireGroupRight(ctx: Ctx, groupId: string, right: 'manageMembers' | 'manageGroup', db: DB = ctx.db) {
  const access = await requireGroupAccess(ctx, groupId, db)
  if (!access.rights[right]) throw new DomainError('FORBIDDEN')
  return access
}

/** `gm.role` as its rank in the role table's order (owner first), for sorting members by role. */
export const roleRank = sql`case gm.role ${sql.join(
  GROUP_ROLES.map((role, i) => sql`when ${sql.lit(role)} then ${sql.lit(i)}`),
  sql` `,
)} else ${sql.lit(GROUP_ROLES.length)} end`
