import { sql } from 'kysely'
import { isPostgres, swedish } from '~/db/collation'
import type { DB } from '~/db/db.server'
import type { GroupRole } from '~/db/schema'
import { actorOf, type Ctx } from '../context.server'
import { mayCreateAttendance } from './group-creation.server'
import { roleFlagsOf } from './group-roles'

/** How many of the user's groups the side menu lists ("show all" leads to /groups beyond them). */
export const MENU_GROUP_LIMIT = 30

/**
 * The user's active groups in Swedish order, one more than the menu lists: one range of the index
 * group_members_user_menu (migration 033), whose membership rows carry their group's name and
 * active flag in the index's order; no join, no sort (docs/testing.md "Benchmark": a member of 127 groups).
 */
export function menuGroupsQuery(db: DB, userId: string) {
  return db
    .selectFrom('group_members as gm')
    .select(['gm.group_id as id', 'gm.group_name as name', 'gm.role'])
    .where('gm.user_id', '=', userId)
    .where('gm.group_active', '=', 1)
    .orderBy(isPostgres(db) ? swedish(db, 'gm.group_name') : sql`gm.group_name_key`)
    .orderBy('gm.group_id')
    .limit(MENU_GROUP_LIMIT + 1)
}

/**
 * What the side menu shows (spec section 2), and only that (it is in every signed-in page's data):
 * the user's groups with their role and its flags (`roleFlagsOf`, group-roles.ts), and the
 * organizations where the user may create groups (admin or group creator; an inactive one only
 * for its admins, marked inactive). Two queries.
 */
export async function sideMenuFor(ctx: Ctx) {
  const actor = actorOf(ctx)
  const [organizations, groups] = await Promise.all([
    ctx.db
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['o.id', 'o.name', 'm.role', 'm.is_group_creator', 'm.may_create_attendance', 'o.active'])
      .where('m.user_id', '=', actor.id)
      // No groups are created in an inactive organization: only its admins still see it (to reactivate it).
      .where((eb) => eb.or([eb('m.role', '=', 'admin'), eb.and([eb('m.is_group_creator', '=', 1), eb('o.active', '=', 1)])]))
      .orderBy(swedish(ctx.db, 'o.name'))
      .execute(),
    menuGroupsQuery(ctx.db, actor.id).execute(),
  ])
  return {
    organizations: organizations.map((o) => ({
      _id: o.id,
      name: o.name,
      isAdmin: o.role === 'admin',
      active: Number(o.active) === 1,
    })),
    groups: groups.slice(0, MENU_GROUP_LIMIT).map((g) => {
      const role = g.role as GroupRole
      return { _id: g.id, name: g.name, role, flags: roleFlagsOf(role) }
    }),
    /** More groups than the menu lists: it links to all of them. */
    moreGroups: groups.length > MENU_GROUP_LIMIT,
    // Creating groups is for admins and group creators of an active organization.
    canCreateGroups: organizations.some((o) => Number(o.active) === 1),
    canCreateAttendanceGroups: organizations.some(mayCreateAttendance),
  }
}
export type SideMenu = Awaited<ReturnType<typeof sideMenuFor>>
