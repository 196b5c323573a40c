import { swedish, swedishStored } from '~/db/collation'
import type { GroupRole } from '~/db/schema'
import { actorOf, type Ctx } from './context.server'

/** How many of the user's groups the side menu lists. */
export const MENU_GROUP_LIMIT = 30

/**
 * What the side menu shows (spec section 2): the user's groups with their role, and the
 * organizations where the user may create groups (admin or group creator; an inactive one only
 * for its admins, marked inactive). Two queries.
 */
export async function sideMenuFor(ctx: Ctx) {
  const actor = actorOf(ctx)
  const [organizations, groups] = await Promise.all([
    ctx.db
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['o.id', 'o.name', 'm.role', 'o.active'])
      .where('m.user_id', '=', actor.id)
      // No groups are created in an inactive organization: only its admins still see it (to reactivate it).
      .where((eb) => eb.or([eb('m.role', '=', 'admin'), eb.and([eb('m.is_group_creator', '=', 1), eb('o.active', '=', 1)])]))
      .orderBy(swedish(ctx.db, 'o.name'))
      .execute(),
    ctx.db
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['g.id', 'g.name', 'g.kind', 'gm.role'])
      .where('gm.user_id', '=', actor.id)
      .where('g.active', '=', 1)
      .orderBy(swedishStored(ctx.db, 'g.name'))
      .limit(MENU_GROUP_LIMIT)
      .execute(),
  ])
  return {
    organizations: organizations.map((o) => ({ _id: o.id, name: o.name, isAdmin: o.role === 'admin', active: Number(o.active) === 1 })),
    groups: groups.map((g) => ({ _id: g.id, name: g.name, kind: g.kind, role: g.role as GroupRole })),
    // Creating groups, attendance groups included, is for admins and group creators of an active organization.
    canCreateGroups: organizations.some((o) => Number(o.active) === 1),
  }
}
export type SideMenu = Awaited<ReturnType<typeof sideMenuFor>>
