import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { DEMO_ORGANIZATION, seed } from './seed.server'

describe('demo seed', () => {
  it('creates the demo organization once, with member_count equal to the group rows', async () => {
    const first = await seed(db())
    expect(first).toEqual(['admin@example.se', 'erik@example.se', 'emma@example.se', expect.stringMatching(/^Exempelskolan: 303 members/)])
    expect(await seed(db())).toEqual([])

    const org = await db().selectFrom('organizations').selectAll().where('name', '=', DEMO_ORGANIZATION).executeTakeFirstOrThrow()
    const roles = await db()
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.email', 'm.role', 'm.is_group_creator'])
      .where('m.organization_id', '=', org.id)
      .where('u.email', 'in', ['admin@example.se', 'erik@example.se', 'emma@example.se'])
      .orderBy('u.email')
      .execute()
    expect(roles.map((r) => [r.email, r.role, Number(r.is_group_creator)])).toEqual([
      ['admin@example.se', 'admin', 0],
      ['emma@example.se', 'member', 0],
      ['erik@example.se', 'member', 1],
    ])

    const mismatched = await db()
      .selectFrom('groups as g')
      .select('g.id')
      .where('g.organization_id', '=', org.id)
      .where('g.member_count', '!=', (eb) =>
        eb
          .selectFrom('group_members as gm')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('gm.group_id', '=', 'g.id')
      )
      .execute()
    expect(mismatched).toEqual([])
    const groups = await db().selectFrom('groups').select(['kind', 'active', 'owner_id']).where('organization_id', '=', org.id).execute()
    expect(groups).toHaveLength(40)
    expect(groups.some((g) => g.kind === 'attendance')).toBe(true)
    expect(groups.some((g) => Number(g.active) === 0)).toBe(true)
    // Every owner is a member of the organization.
    const ownerless = await db()
      .selectFrom('groups as g')
      .leftJoin('organization_members as m', (j) =>
        j.onRef('m.user_id', '=', 'g.owner_id').onRef('m.organization_id', '=', 'g.organization_id')
      )
      .select('g.id')
      .where('g.organization_id', '=', org.id)
      .where('m.user_id', 'is', null)
      .execute()
    expect(ownerless).toEqual([])
    const pending = await db()
      .selectFrom('invitations')
      .select('id')
      .where('organization_id', '=', org.id)
      .where('used_at', 'is', null)
      .execute()
    expect(pending.length).toBeGreaterThanOrEqual(3)
  })
})
