import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { DEMO_ORGANIZATION, seed } from './seed.server'

describe('demo seed', () => {
  it('creates the demo organization once, with member_count equal to the group rows', async () => {
    const first = await seed(db())
    expect(first).toEqual([
      'admin@example.se',
      'erik@example.se',
      'emma@example.se',
      expect.stringMatching(/^Exempelskolan: 303 members/),
      expect.stringMatching(/^Library: /),
    ])
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
          .whereRef('gm.group_id', '=', 'g.id'),
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
        j.onRef('m.user_id', '=', 'g.owner_id').onRef('m.organization_id', '=', 'g.organization_id'),
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
    const org = await db()
      .selectFrom('organizations')
      .select(['id', 'created_at'])
      .where('name', '=', DEMO_ORGANIZATION)
      .executeTakeFirstOrThrow()
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

    const groups = await db()
      .selectFrom('groups')
      .select(['id', 'owner_id', 'created_at', 'latest_activity_at'])
      .where('organization_id', '=', org.id)
      .execute()
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

    const invitations = await db()
      .selectFrom('invitations')
      .select(['created_at', 'expires_at'])
      .where('organization_id', '=', org.id)
      .execute()
    for (const i of invitations) {
      expect(ms(i.created_at)).toBeLessThanOrEqual(after)
      expect(ms(i.expires_at) - ms(i.created_at)).toBe(7 * 86_400_000)
      expect(ms(i.expires_at)).toBeGreaterThan(before)
    }
  })

  it('gives every demo user groups with different roles, Emma pending group invitations, and alerts, some unseen', async () => {
    await seed(db())
    const after = Date.now()
    const org = await db().selectFrom('organizations').select('id').where('name', '=', DEMO_ORGANIZATION).executeTakeFirstOrThrow()
    const demo = await db().selectFrom('users').select(['id', 'email', 'alerts_seen_at']).where('email', 'like', '%@example.se').execute()
    const byEmail = new Map(demo.map((u) => [u.email, u]))
    const rolesOf = async (email: string) =>
      new Set(
        (
          await db()
            .selectFrom('group_members as gm')
            .innerJoin('groups as g', 'g.id', 'gm.group_id')
            .select('gm.role')
            .where('g.organization_id', '=', org.id)
            .where('gm.user_id', '=', byEmail.get(email)!.id)
            .execute()
        ).map((r) => r.role),
      )
    expect([...(await rolesOf('admin@example.se'))]).toEqual(expect.arrayContaining(['owner', 'leader']))
    expect([...(await rolesOf('erik@example.se'))]).toEqual(expect.arrayContaining(['owner', 'leader']))
    expect([...(await rolesOf('emma@example.se'))]).toEqual(expect.arrayContaining(['member', 'subscriber']))

    const invitations = await db()
      .selectFrom('invitations')
      .select(['group_id', 'group_creator'])
      .where('organization_id', '=', org.id)
      .where('email', '=', 'emma@example.se')
      .where('used_at', 'is', null)
      .execute()
    expect(invitations.length).toBeGreaterThanOrEqual(1)
    expect(invitations.every((i) => i.group_id !== null && Number(i.group_creator) === 0)).toBe(true)

    const templates = new Set<string>()
    for (const email of ['admin@example.se', 'erik@example.se', 'emma@example.se']) {
      const user = byEmail.get(email)!
      const alerts = await db()
        .selectFrom('alerts')
        .select(['template', 'created_at', 'target_id'])
        .where('user_id', '=', user.id)
        .execute()
      expect(alerts.length, email).toBeGreaterThan(0)
      alerts.forEach((a) => templates.add(a.template))
      expect(user.alerts_seen_at, email).not.toBeNull()
      const unseen = alerts.filter((a) => a.created_at > user.alerts_seen_at!)
      expect(unseen.length, `${email} has unseen alerts`).toBeGreaterThan(0)
      expect(unseen.length).toBeLessThan(alerts.length)
      for (const a of alerts) expect(Date.parse(a.created_at)).toBeLessThanOrEqual(after)
      // One event, one alert: never two about the same thing within minutes of each other.
      for (const target of new Set(alerts.map((a) => a.target_id))) {
        const times = alerts
          .filter((a) => a.target_id === target)
          .map((a) => Date.parse(a.created_at))
          .sort((x, y) => x - y)
        for (let i = 1; i < times.length; i++)
          expect(times[i]! - times[i - 1]!, `${email}: a pair about ${target}`).toBeGreaterThan(10 * 60_000)
      }
    }
    expect([...templates]).toEqual(
      expect.arrayContaining(['group.member.added', 'group.invitation.new', 'organization.groupCreator.added']),
    )
    expect(templates.has('group.role.changed')).toBe(false)
    const [{ attendance }] = await db()
      .selectFrom('organization_members')
      .select((eb) => eb.fn.countAll<number>().as('attendance'))
      .where('organization_id', '=', org.id)
      .where('may_create_attendance', '=', 1)
      .execute()
    expect(Number(attendance)).toBeGreaterThan(2)
  })
})
