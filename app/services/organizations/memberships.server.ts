import { swedish } from '~/db/collation'
import { actorOf, type Ctx } from '../context.server'

/** An organization the actor belongs to as a plain member (neither admin nor group creator). */
export interface Membership {
  _id: string
  name: string
  active: boolean
  /** Since when they are a member. */
  joined: string
  /** How many of its groups they are in. */
  groups: number
}

/**
 * The organizations the actor is a plain member of, by name: /organizations shows them beside
 * those they administer or create groups in (listMyOrganizations), with where to go next (their
 * groups there, or a code for one). The JSON API's list stays the specification's (admins and
 * group creators only). Only the actor's own memberships and group counts are read.
 */
export async function listMyMemberships(ctx: Ctx): Promise<Membership[]> {
  const actor = actorOf(ctx)
  const rows = await ctx.db
    .selectFrom('organizations as o')
    .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
    .select(['o.id', 'o.name', 'o.active', 'm.created_at'])
    .select((eb) =>
      eb
        .selectFrom('group_members as gm')
        .innerJoin('groups as g', 'g.id', 'gm.group_id')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('g.organization_id', '=', 'o.id')
        .where('gm.user_id', '=', actor.id)
        .as('groups'),
    )
    .where('m.user_id', '=', actor.id)
    .where('m.role', '!=', 'admin')
    .where('m.is_group_creator', '=', 0)
    .orderBy(swedish(ctx.db, 'o.name'))
    .orderBy('o.id')
    .execute()
  return rows.map((r) => ({ _id: r.id, name: r.name, active: Number(r.active) === 1, joined: r.created_at, groups: Number(r.groups ?? 0) }))
}
