import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createLoop } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { createGroupWithMembers } from '../groups/group-with-members.server'
import { getRetentionPolicy, setRetentionPolicy } from '../organizations/retention-policy.server'
import { getRetention, setRetention } from './retention.server'

/** Who reads and changes a group's retention, and the organization's default and maximum (docs/group-work.md "Retention"). */
async function setup() {
  const names = ['Owner', 'Leader', 'Member', 'Subscriber', 'Admin', 'Stranger', 'OtherAdmin'] as const
  const [owner, leader, member, subscriber, admin, stranger, otherAdmin] = await Promise.all(names.map((name) => createUser({ name })))
  const org = await createOrganization({ adminIds: [admin.id] })
  await createOrganization({ adminIds: [otherAdmin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    memberIds: [[leader.id, 'leader'], member.id, [subscriber.id, 'subscriber']],
  })
  return { org, group, people: { owner, leader, member, subscriber, admin, stranger, otherAdmin } }
}

const as = (user: User, now = new Date()) => ({ ...ctxFor(user), now })
const PURPOSE = 'För att ge återkoppling under terminen.'

describe('group retention', () => {
  it('starts at three months with the default purpose; every member reads it, only those who change it see the queue', async () => {
    const s = await setup()
    for (const who of ['leader', 'member', 'subscriber'] as const) {
      const r = await getRetention(as(s.people[who]), s.group.id)
      expect(r).toMatchObject({ months: 3, canChange: false, queued: null, maxMonths: 24 })
      expect(r.purpose.length).toBeGreaterThan(10)
    }
    for (const who of ['owner', 'admin'] as const)
      expect(await getRetention(as(s.people[who]), s.group.id)).toMatchObject({ months: 3, canChange: true, queued: { count: 0 } })
    for (const who of ['stranger', 'otherAdmin'] as const) await expectCode(getRetention(as(s.people[who]), s.group.id), 'GROUP_NOT_FOUND')
  })

  it('is changed by the owner and an organization admin, audited; refused to leaders, members, subscribers, strangers and other admins', async () => {
    const s = await setup()
    expect(await setRetention(as(s.people.owner), s.group.id, { months: 6, purpose: PURPOSE })).toMatchObject({ months: 6, changed: true })
    expect(await setRetention(as(s.people.admin), s.group.id, { months: 12, purpose: PURPOSE })).toMatchObject({
      months: 12,
      changed: true,
    })
    for (const who of ['leader', 'member', 'subscriber'] as const)
      await expectCode(setRetention(as(s.people[who]), s.group.id, { months: 1, purpose: 'x' }), 'FORBIDDEN')
    for (const who of ['stranger', 'otherAdmin'] as const)
      await expectCode(setRetention(as(s.people[who]), s.group.id, { months: 1, purpose: 'x' }), 'GROUP_NOT_FOUND')
    const row = await db()
      .selectFrom('groups')
      .select(['retention_months', 'retention_purpose'])
      .where('id', '=', s.group.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ retention_months: 12, retention_purpose: PURPOSE })
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'result'])
      .where('organization_id', '=', s.org.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => [a.action, a.actor_id, JSON.parse(a.result).to])).toEqual([
      ['group.retention', s.people.owner.id, 6],
      ['group.retention', s.people.admin.id, 12],
    ])
    // The same again changes and audits nothing.
    expect(await setRetention(as(s.people.admin), s.group.id, { months: 12, purpose: PURPOSE })).toMatchObject({ changed: false })
    expect(await db().selectFrom('audit_log').select('id').where('organization_id', '=', s.org.id).execute()).toHaveLength(2)
  })

  it("refuses a period over the organization's maximum, changing nothing", async () => {
    const s = await setup()
    await setRetentionPolicy(as(s.people.admin), s.org.id, { defaultMonths: 3, maxMonths: 6 })
    const error = await expectCode(setRetention(as(s.people.owner), s.group.id, { months: 12, purpose: PURPOSE }), 'RETENTION_TOO_LONG')
    expect(error.data).toEqual({ max: 6 })
    expect((await getRetention(as(s.people.owner), s.group.id)).months).toBe(3)
  })

  it('counts what is queued for removal: the loops older than the period in 14 days', async () => {
    const s = await setup()
    const now = new Date('2026-06-10T10:00:00Z')
    // Removed from 2026-06-24 (kept through the 23rd) and earlier: queued; from the 25th: not yet.
    await createLoop(s.group.id, s.people.member.id, { created: new Date('2026-03-23T12:00:00Z') })
    await createLoop(s.group.id, s.people.member.id, { created: new Date('2026-03-01T12:00:00Z') })
    await createLoop(s.group.id, s.people.member.id, { created: new Date('2026-03-24T12:00:00Z') })
    expect((await getRetention(as(s.people.owner, now), s.group.id)).queued).toEqual({ count: 2, byDay: '2026-06-24' })
  })
})

describe('organization retention policy', () => {
  it('is read and set by its admins only; new groups start with the default; a lower maximum shortens longer groups', async () => {
    const s = await setup()
    await expectCode(getRetentionPolicy(as(s.people.owner), s.org.id), 'ORGANIZATION_NOT_FOUND')
    await expectCode(setRetentionPolicy(as(s.people.otherAdmin), s.org.id, { defaultMonths: 1, maxMonths: 1 }), 'ORGANIZATION_NOT_FOUND')
    await setRetention(as(s.people.owner), s.group.id, { months: 24, purpose: PURPOSE })
    expect(await setRetentionPolicy(as(s.people.admin), s.org.id, { defaultMonths: 6, maxMonths: 12 })).toMatchObject({
      groupsShortened: 1,
    })
    expect(await getRetentionPolicy(as(s.people.admin), s.org.id)).toEqual({ defaultMonths: 6, maxMonths: 12 })
    expect((await getRetention(as(s.people.owner), s.group.id)).months).toBe(12)
    const { group } = await createGroupWithMembers(as(s.people.admin), s.org.id, {
      name: 'Ny grupp',
      kind: 'standard',
      groupOwnerId: s.people.admin.id,
      memberIdsWithRoles: {},
    })
    expect((await getRetention(as(s.people.admin), group._id)).months).toBe(6)
    const audit = await db().selectFrom('audit_log').select('action').where('organization_id', '=', s.org.id).execute()
    expect(audit.map((a) => a.action)).toContain('organization.retention')
  })
})
