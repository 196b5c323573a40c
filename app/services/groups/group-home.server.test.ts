import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import type { CompiledQuery } from 'kysely'
import { expectCode } from '../../../tests/support/expect-code'
import { createUser } from '../../../tests/support/factories'
import { createGroup, createMembers, createOrganization, groupMemberCounts } from '../../../tests/support/org-factories'
import { planOf } from '../../../tests/support/query-plan'
import { ctxFor } from '../context.server'
import {
  changeMemberRole,
  getGroupHome,
  HOME_MEMBERS_PAGE_SIZE,
  handOverGroup,
  leaveGroup,
  removeGroupMember,
  renameGroup,
  setGroupActive,
} from './group-home.server'
import { changeGroupOwners } from './group-owners.server'
import { createGroupInvitation } from '../invitations/invitations.server'

const ctx = (actor: User) => ctxFor(actor)
/** The member list as the page first shows it: by role, page 1. */
const FIRST = { q: '', sort: 'role', dir: 'asc', page: 1 } as const

/** A group with an owner, a leader, a member and a subscriber; an admin of its organization; another organization's group. */
async function setup() {
  const [owner, leader, member, subscriber, admin] = await Promise.all(
    ['Olga Owner', 'Lars Leader', 'Mia Member', 'Sam Subscriber', 'Ada Admin'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    name: 'Schack',
    memberIds: [
      [leader.id, 'leader'],
      [member.id, 'member'],
      [subscriber.id, 'subscriber'],
    ],
  })
  const groupB = await createGroup(org.id, { ownerId: admin.id, name: 'Bild' })
  const other = await createOrganization()
  const foreign = await createGroup(other.id, { ownerId: (await createUser()).id })
  return { owner, leader, member, subscriber, admin, org, group, groupB, foreign }
}

const alertsOf = (userId: string) =>
  db()
    .selectFrom('alerts')
    .select(['template', 'target_type', 'target_id', 'organization_id', 'actor_id', 'data'])
    .where('user_id', '=', userId)
    .execute()

describe('getGroupHome', () => {
  it('shows members the group, its owner, their role and the members by role', async () => {
    const { member, owner, group, org } = await setup()
    const home = await getGroupHome(ctx(member), group.id, FIRST)
    expect(home.group).toMatchObject({ name: 'Schack', active: true, memberCount: 4 })
    expect(home.organization).toMatchObject({ id: org.id, isAdmin: false })
    expect(home.owner).toMatchObject({ _id: owner.id, name: 'Olga Owner' })
    expect(home.myRole).toMatchObject({ name: 'member', isOwner: false })
    expect(home.rights).toEqual({ manageMembers: false, manageGroup: false })
    expect(home.members.items.map((m) => m.role)).toEqual(['owner', 'leader', 'member', 'subscriber'])
    expect((await getGroupHome(ctx(member), group.id, { ...FIRST, q: 'sam' })).members.items.map((m) => m.name)).toEqual(['Sam Subscriber'])
  })

  it('is not found for a member of another group, an outsider and another organization; admins of the organization may view', async () => {
    const { member, admin, group, groupB, foreign } = await setup()
    await expectCode(getGroupHome(ctx(member), groupB.id, FIRST), 'GROUP_NOT_FOUND')
    await expectCode(getGroupHome(ctx(admin), foreign.id, FIRST), 'GROUP_NOT_FOUND')
    await expectCode(getGroupHome(ctx(await createUser()), group.id, FIRST), 'GROUP_NOT_FOUND')
    const asAdmin = await getGroupHome(ctx(admin), group.id, FIRST)
    expect(asAdmin.myRole).toBeNull()
    expect(asAdmin.organization.isAdmin).toBe(true)
    expect(asAdmin.rights).toEqual({ manageMembers: false, manageGroup: false })
  })

  it('pages a 500-member group', async () => {
    const org = await createOrganization()
    const ids = await createMembers(org.id, 499)
    const group = await createGroup(org.id, { ownerId: ids[0], memberIds: ids.slice(1) })
    const last = Math.ceil(499 / HOME_MEMBERS_PAGE_SIZE)
    const home = await getGroupHome(ctx({ id: ids[3] } as User), group.id, { ...FIRST, page: last })
    expect(home.members.total).toBe(499)
    expect(home.members.items).toHaveLength(499 - (last - 1) * HOME_MEMBERS_PAGE_SIZE)
    const full = await getGroupHome(ctx({ id: ids[3] } as User), group.id, { ...FIRST, page: last - 1 })
    expect(full.members.items).toHaveLength(HOME_MEMBERS_PAGE_SIZE)
  })

  it('sorts by name, email, role and joined in both directions (Swedish order); a renamed user moves', async () => {
    const { member, leader, group } = await setup()
    const names = async (sort: 'name' | 'email' | 'role' | 'joined', dir: 'asc' | 'desc') =>
      (await getGroupHome(ctx(member), group.id, { ...FIRST, sort, dir })).members.items.map((m) => m.name)
    await db().updateTable('users').set({ name: 'Åsa Owner' }).where('name', '=', 'Olga Owner').execute()
    expect(await names('name', 'asc')).toEqual(['Lars Leader', 'Mia Member', 'Sam Subscriber', 'Åsa Owner'])
    expect(await names('name', 'desc')).toEqual(['Åsa Owner', 'Sam Subscriber', 'Mia Member', 'Lars Leader'])
    expect(await names('role', 'asc')).toEqual(['Åsa Owner', 'Lars Leader', 'Mia Member', 'Sam Subscriber'])
    expect(await names('role', 'desc')).toEqual(['Sam Subscriber', 'Mia Member', 'Lars Leader', 'Åsa Owner'])
    // The same join time for all: by user id.
    await db().updateTable('group_members').set({ created_at: '2026-01-01T00:00:00.000Z' }).where('group_id', '=', group.id).execute()
    const joined = (await getGroupHome(ctx(member), group.id, { ...FIRST, sort: 'joined', dir: 'desc' })).members.items.map((m) => m._id)
    expect(joined).toEqual([...joined].sort().reverse())
    // Emails are sorted for those who see them (docs/group-roles.md).
    const emails = (await getGroupHome(ctx(leader), group.id, { ...FIRST, sort: 'email', dir: 'desc' })).members.items.map((m) => m.email)
    expect(emails).toEqual([...emails].sort().reverse())
  })

  it('reads a page from one index of the group rows, in either direction: no sort, no other table', async () => {
    // A leader, who sees emails: every sort, the email one too, is used.
    const { leader: member, group } = await setup()
    const compiled: CompiledQuery[] = []
    const recording = db().withPlugin({
      transformQuery: (args) => {
        compiled.push(db().getExecutor().compileQuery(args.node, args.queryId))
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    for (const sort of ['name', 'email', 'role', 'joined'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        compiled.length = 0
        await getGroupHome({ ...ctx(member), db: recording }, group.id, { ...FIRST, sort, dir, page: 2 })
        const page = compiled.find((q) => /\blimit\b/i.test(q.sql) && /group_members/.test(q.sql))!
        const plan = await planOf(page, { noSort: true })
        expect(plan, `${sort} ${dir}`).toMatch(new RegExp(`group_members_group_${sort}`))
        expect(plan, `${sort} ${dir}`).not.toMatch(/TEMP B-TREE|organization_members|users|Seq Scan|\bSort\b/)
      }
    }
  })

  it('pages never overlap, whatever the sort', async () => {
    const org = await createOrganization()
    const ids = await createMembers(org.id, 120)
    const group = await createGroup(org.id, { ownerId: ids[0], memberIds: ids.slice(1) })
    // Everyone joined at the same moment: only the tie-breakers tell them apart.
    await db().updateTable('group_members').set({ created_at: '2026-01-01T00:00:00.000Z' }).where('group_id', '=', group.id).execute()
    for (const sort of ['name', 'email', 'role', 'joined'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const pages = await Promise.all(
          Array.from({ length: Math.ceil(120 / HOME_MEMBERS_PAGE_SIZE) }, (_, i) =>
            getGroupHome(ctx({ id: ids[1] } as User), group.id, { q: '', sort, dir, page: i + 1 }),
          ),
        )
        const seen = pages.flatMap((p) => p.members.items.map((m) => m._id))
        expect(new Set(seen).size, `${sort} ${dir}`).toBe(120)
      }
    }
  })
})

describe('changes on the group home follow the role table', () => {
  it('a leader changes roles and removes members; the member gets the alert', async () => {
    const { leader, member, subscriber, group, org } = await setup()
    expect(await changeMemberRole(ctx(leader), group.id, { userId: member.id, role: 'subscriber' })).toEqual({
      name: 'Mia Member',
      changed: true,
    })
    expect(await alertsOf(member.id)).toEqual([
      {
        template: 'group.role.changed',
        target_type: 'group',
        target_id: group.id,
        organization_id: org.id,
        actor_id: leader.id,
        data: JSON.stringify({ groupName: 'Schack', role: 'subscriber' }),
      },
    ])
    await removeGroupMember(ctx(leader), group.id, { userId: subscriber.id })
    expect((await alertsOf(subscriber.id)).map((a) => [a.template, JSON.parse(a.data)])).toEqual([
      ['group.member.removed', { groupName: 'Schack' }],
    ])
    expect(await groupMemberCounts(group.id)).toEqual({ rows: 3, memberCount: 3 })
    const audit = await db().selectFrom('audit_log').select('action').where('organization_id', '=', org.id).execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['group.member.remove', 'group.member.role'])
  })

  it('writes no alert to a member who unsubscribed from the template', async () => {
    const { leader, member, group } = await setup()
    await db()
      .updateTable('users')
      .set({ unsubscribed_templates: JSON.stringify(['group.role.changed', 'group.member.removed']) })
      .where('id', '=', member.id)
      .execute()
    await changeMemberRole(ctx(leader), group.id, { userId: member.id, role: 'leader' })
    await removeGroupMember(ctx(leader), group.id, { userId: member.id })
    expect(await alertsOf(member.id)).toEqual([])
  })

  it('nobody changes the owner by role or removal; a member, subscriber or admin outside the group cannot manage members', async () => {
    const { owner, leader, member, subscriber, admin, group } = await setup()
    await expectCode(changeMemberRole(ctx(leader), group.id, { userId: owner.id, role: 'member' }), 'IS_GROUP_OWNER')
    await expectCode(removeGroupMember(ctx(leader), group.id, { userId: owner.id }), 'IS_GROUP_OWNER')
    for (const actor of [member, subscriber, admin]) {
      await expectCode(changeMemberRole(ctx(actor), group.id, { userId: leader.id, role: 'member' }), 'FORBIDDEN')
      await expectCode(removeGroupMember(ctx(actor), group.id, { userId: leader.id }), 'FORBIDDEN')
    }
    await expectCode(createGroupInvitation(ctx(member), group.id, { type: 'open' }), 'FORBIDDEN')
    await expectCode(changeMemberRole(ctx(leader), group.id, { userId: (await createUser()).id, role: 'member' }), 'MEMBER_NOT_FOUND')
    await expectCode(changeMemberRole(ctx(await createUser()), group.id, { userId: leader.id, role: 'member' }), 'GROUP_NOT_FOUND')
  })

  it('only the owner renames, deactivates and hands over', async () => {
    const { owner, leader, member, group } = await setup()
    await expectCode(renameGroup(ctx(leader), group.id, { name: 'X' }), 'FORBIDDEN')
    await expectCode(setGroupActive(ctx(leader), group.id, { active: false }), 'FORBIDDEN')
    await expectCode(handOverGroup(ctx(leader), group.id, { userId: leader.id, oldOwnerRole: 'leader' }), 'FORBIDDEN')
    await renameGroup(ctx(owner), group.id, { name: 'Schackklubben' })
    await setGroupActive(ctx(owner), group.id, { active: false })
    const row = await db().selectFrom('groups').select(['name', 'active']).where('id', '=', group.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ name: 'Schackklubben', active: 0 })
    await expectCode(handOverGroup(ctx(owner), group.id, { userId: (await createUser()).id, oldOwnerRole: 'leader' }), 'MEMBER_NOT_FOUND')
    expect(await handOverGroup(ctx(owner), group.id, { userId: member.id, oldOwnerRole: 'leader' })).toEqual({ name: 'Mia Member' })
    const roles = await db().selectFrom('group_members').select(['user_id', 'role']).where('group_id', '=', group.id).execute()
    expect(Object.fromEntries(roles.map((r) => [r.user_id, r.role]))).toMatchObject({ [owner.id]: 'leader', [member.id]: 'owner' })
    expect((await db().selectFrom('groups').select('owner_id').where('id', '=', group.id).executeTakeFirstOrThrow()).owner_id).toBe(
      member.id,
    )
    // The new owner is told (the old one made the change: no alert to the actor); the new owner now renames, the old one no longer may.
    expect((await alertsOf(member.id)).map((a) => [a.template, JSON.parse(a.data)])).toEqual([
      ['group.owner.changed', { groupName: 'Schackklubben', role: 'owner' }],
    ])
    expect(await alertsOf(owner.id)).toEqual([])
    await expectCode(renameGroup(ctx(owner), group.id, { name: 'Y' }), 'FORBIDDEN')
    await renameGroup(ctx(member), group.id, { name: 'Y' })
  })

  it("an admin's owner change on the organization's screen tells both the new and the old owner", async () => {
    const { owner, member, admin, group, org } = await setup()
    const [result] = await changeGroupOwners(ctx(admin), org.id, [{ groupId: group.id, newOwnerId: member.id, oldOwnerRole: 'REMOVE' }])
    expect(result.result).toBe('SUCCESS')
    expect((await alertsOf(member.id)).map((a) => [a.template, a.actor_id, JSON.parse(a.data)])).toEqual([
      ['group.owner.changed', admin.id, { groupName: 'Schack', role: 'owner' }],
    ])
    expect((await alertsOf(owner.id)).map((a) => [a.template, JSON.parse(a.data)])).toEqual([
      ['group.owner.changed', { groupName: 'Schack', role: null }],
    ])
  })

  it('invites by email with the alert group.invitation.new to an existing user, not to an unknown address', async () => {
    const { leader, group, org } = await setup()
    const invitee = await createUser({ name: 'Ivar Invitee' })
    await createGroupInvitation(ctx(leader), group.id, { type: 'email', email: invitee.email.toUpperCase() })
    expect(await alertsOf(invitee.id)).toEqual([
      {
        template: 'group.invitation.new',
        target_type: 'group',
        target_id: group.id,
        organization_id: org.id,
        actor_id: leader.id,
        data: JSON.stringify({ groupName: 'Schack', organizationName: org.name }),
      },
    ])
    const { invitation } = await createGroupInvitation(ctx(leader), group.id, { type: 'email', email: 'nobody-yet@example.se' })
    expect(invitation.email).toBe('nobody-yet@example.se')
    expect(await db().selectFrom('alerts').select('id').where('template', '=', 'group.invitation.new').execute()).toHaveLength(1)
    const unsubscribed = await createUser({ unsubscribed_templates: JSON.stringify(['group.invitation.new']) } as Partial<User>)
    await createGroupInvitation(ctx(leader), group.id, { type: 'email', email: unsubscribed.email })
    expect(await alertsOf(unsubscribed.id)).toEqual([])
  })
})

describe('leaving a group', () => {
  const memberRow = (groupId: string, userId: string) =>
    db().selectFrom('group_members').select('role').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst()
  const auditOf = (organizationId: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'items'])
      .where('organization_id', '=', organizationId)
      .where('action', '=', 'group.member.leave')
      .execute()

  it('a member, leader or subscriber leaves: the row goes, the count follows, an audit entry, no alert', async () => {
    const { owner, leader, member, subscriber, group, org } = await setup()
    for (const [i, actor] of [member, leader, subscriber].entries()) {
      expect(await leaveGroup(ctx(actor), group.id)).toEqual({ groupName: 'Schack' })
      expect(await memberRow(group.id, actor.id)).toBeUndefined()
      expect(await groupMemberCounts(group.id)).toEqual({ rows: 3 - i, memberCount: 3 - i })
    }
    expect(await auditOf(org.id)).toHaveLength(3)
    expect((await auditOf(org.id))[0]).toMatchObject({ actor_id: member.id })
    expect(await alertsOf(owner.id)).toEqual([])
    // Gone: the group is not found for them any more, and leaving again says so.
    await expectCode(getGroupHome(ctx(member), group.id, FIRST), 'GROUP_NOT_FOUND')
    await expectCode(leaveGroup(ctx(member), group.id), 'GROUP_NOT_FOUND')
  })

  it('the owner cannot leave before handing over; afterwards they can', async () => {
    const { owner, leader, group } = await setup()
    await expectCode(leaveGroup(ctx(owner), group.id), 'GROUP_OWNER_CANNOT_LEAVE')
    expect(await memberRow(group.id, owner.id)).toEqual({ role: 'owner' })
    await handOverGroup(ctx(owner), group.id, { userId: leader.id, oldOwnerRole: 'member' })
    expect(await leaveGroup(ctx(owner), group.id)).toEqual({ groupName: 'Schack' })
    expect(await memberRow(group.id, owner.id)).toBeUndefined()
  })

  it('an admin who is not a member has nothing to leave; outsiders and another organization get not found', async () => {
    const { admin, member, group, foreign } = await setup()
    await expectCode(leaveGroup(ctx(admin), group.id), 'MEMBER_NOT_FOUND')
    await expectCode(leaveGroup(ctx(await createUser()), group.id), 'GROUP_NOT_FOUND')
    await expectCode(leaveGroup(ctx(member), foreign.id), 'GROUP_NOT_FOUND')
  })

  it('works in an inactive group', async () => {
    const { owner, member, group } = await setup()
    await setGroupActive(ctx(owner), group.id, { active: false })
    await leaveGroup(ctx(member), group.id)
    expect(await memberRow(group.id, member.id)).toBeUndefined()
  })
})
