import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { DEMO_ORGANIZATION, seed } from './seed.server'

describe('demo seed', () => {
  it('creates the demo organization once, with member_count equal to the group rows', async () => {
    const first = await seed(db())
    expect(first).toEqual(['admin@example.se', 'erik@example.se', 'emma@example.se', expect.stringMatching(/^Exempelskolan: 303 members/), expect.stringMatching(/^Library: /)])
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

  it('tells a consistent story in time: joined before seen, made before active, nothing in the future', async () => {
    const before = Date.now()
    await seed(db())
    const after = Date.now()
    const org = await db().selectFrom('organizations').select(['id', 'created_at']).where('name', '=', DEMO_ORGANIZATION).executeTakeFirstOrThrow()
    const ms = (v: unknown) => new Date(v as string).getTime()
    const orgCreated = ms(org.created_at)
    const members = await db()
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.created_at as accountMade', 'u.last_request_at as seen', 'm.created_at as joined'])
      .where('m.organization_id', '=', org.id)
      .execute()
    const joined = new Map(members.map((m) => [m.id, ms(m.joined)]))
    const seen = members.filter((m) => m.seen !== null)
    expect(seen.length).toBeGreaterThan(200)
    for (const m of members) {
      expect(ms(m.accountMade), 'account made before joining').toBeLessThanOrEqual(ms(m.joined))
      expect(ms(m.joined)).toBeGreaterThanOrEqual(orgCreated)
      expect(ms(m.joined)).toBeLessThanOrEqual(after)
    }
    for (const m of seen) {
      expect(ms(m.seen), 'last seen after joining').toBeGreaterThanOrEqual(ms(m.joined))
      expect(ms(m.seen), 'last seen not in the future').toBeLessThanOrEqual(after)
    }

    const groups = await db().selectFrom('groups').select(['id', 'owner_id', 'created_at', 'latest_activity_at']).where('organization_id', '=', org.id).execute()
    const groupMade = new Map(groups.map((g) => [g.id, ms(g.created_at)]))
    for (const g of groups) {
      expect(ms(g.created_at), 'group made after its owner joined').toBeGreaterThanOrEqual(joined.get(g.owner_id)!)
      expect(ms(g.created_at)).toBeLessThanOrEqual(after)
      if (g.latest_activity_at === null) continue
      expect(ms(g.latest_activity_at), 'active after it was made').toBeGreaterThanOrEqual(ms(g.created_at))
      expect(ms(g.latest_activity_at)).toBeLessThanOrEqual(after)
    }
    const rows = await db()
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['gm.group_id', 'gm.user_id', 'gm.created_at'])
      .where('g.organization_id', '=', org.id)
      .execute()
    for (const r of rows) {
      expect(ms(r.created_at), 'joined the group after it was made').toBeGreaterThanOrEqual(groupMade.get(r.group_id)!)
      expect(ms(r.created_at), 'joined the group after joining the organization').toBeGreaterThanOrEqual(joined.get(r.user_id)!)
      expect(ms(r.created_at)).toBeLessThanOrEqual(after)
    }

    const invitations = await db().selectFrom('invitations').select(['created_at', 'expires_at']).where('organization_id', '=', org.id).execute()
    for (const i of invitations) {
      expect(ms(i.created_at)).toBeLessThanOrEqual(after)
      expect(ms(i.expires_at) - ms(i.created_at)).toBe(7 * 86_400_000)
      expect(ms(i.expires_at)).toBeGreaterThan(before)
    }
  })
})
