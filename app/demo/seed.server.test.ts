import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { DEMO_WORK_GROUP } from './group-work-seed.server'
import { DEMO_ORGANIZATION, seed } from './seed.server'

describe('demo seed', () => {
  it('creates the demo organization once, with member_count equal to the group rows', async () => {
    const first = await seed(db())
    expect(first).toEqual([
      'admin@example.se',
      'erik@example.se',
      'emma@example.se',
      'sofia@example.se',
      expect.stringMatching(/^Exempelskolan: 303 members/),
      expect.stringMatching(/^Library: /),
      expect.stringMatching(/^Skolstart 7B: \d+ tasks, 5 tags, \d+ loops, \d+ comments$/),
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
    // 40 generated groups and group work's demo group.
    expect(groups).toHaveLength(41)
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

  it('gives group work a demo group: published tasks, drafts, tags, loops of every emotional value, feedback and a subscriber', async () => {
    await seed(db())
    const group = await db().selectFrom('groups').selectAll().where('name', '=', DEMO_WORK_GROUP).executeTakeFirstOrThrow()
    const count = async (table: 'group_tasks' | 'group_tags' | 'loops' | 'loop_comments' | 'group_follows') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('group_id', '=', group.id)
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await count('group_tags')).toBe(5)
    expect(await count('loop_comments')).toBeGreaterThan(5)
    expect(await count('group_follows')).toBe(2)
    const tasks = await db().selectFrom('group_tasks').select(['published_at']).where('group_id', '=', group.id).execute()
    expect(tasks.filter((t) => t.published_at === null)).toHaveLength(1)
    expect(tasks.filter((t) => t.published_at && Date.parse(t.published_at) > Date.now())).toHaveLength(1)
    const loops = await db().selectFrom('loops').selectAll().where('group_id', '=', group.id).execute()
    expect(new Set(loops.map((l) => Number(l.emotion)))).toEqual(new Set([1, 2, 3, 4, 5]))
    expect(loops.some((l) => l.approved_at !== null)).toBe(true)
    expect(loops.some((l) => l.task_id === null)).toBe(true)
    // Every loop's comment_count equals its comments, and no loop was written before its group or in the future.
    for (const loop of loops) {
      const comments = await db().selectFrom('loop_comments').select('created_at').where('loop_id', '=', loop.id).execute()
      expect(Number(loop.comment_count)).toBe(comments.length)
      expect(Date.parse(loop.created_at)).toBeGreaterThan(Date.parse(group.created_at))
      expect(Date.parse(loop.created_at)).toBeLessThanOrEqual(Date.now())
    }
    const roles = await db()
      .selectFrom('group_members as gm')
      .innerJoin('users as u', 'u.id', 'gm.user_id')
      .select(['u.email', 'gm.role'])
      .where('gm.group_id', '=', group.id)
      .where('u.email', 'like', '%@example.se')
      .orderBy('u.email')
      .execute()
    expect(roles).toEqual([
      { email: 'emma@example.se', role: 'member' },
      { email: 'erik@example.se', role: 'owner' },
      { email: 'sofia@example.se', role: 'subscriber' },
    ])
    // Each of them has group work in the feed the moment they sign in.
    const notices = await db()
      .selectFrom('alerts as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['u.email', 'a.template'])
      .where('a.template', 'like', 'loop.%')
      .orderBy('u.email')
      .orderBy('a.template')
      .execute()
    expect(notices).toEqual([
      { email: 'emma@example.se', template: 'loop.approved' },
      { email: 'emma@example.se', template: 'loop.comment' },
      { email: 'erik@example.se', template: 'loop.new' },
      { email: 'sofia@example.se', template: 'loop.new' },
    ])
  })
})
