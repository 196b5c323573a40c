import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { PAGE_SIZE } from '~/utils/list-query'
import { beforeFirstTransaction, failWrites } from '../../../tests/support/db-faults'
import { createUser } from '../../../tests/support/factories'
import { addMember, createGroup, createMembers, createOrganization, groupMemberCounts } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { isMember } from '../members/members.server'
import { removeMembers } from '../members/member-removal.server'
import { getGroups, listAllGroups, listGroups, type GroupListQuery } from './groups.server'
import { mayCreateAttendanceGroup } from './group-creation.server'
import { changeGroupOwners } from './group-owners.server'
import { createGroupWithMemberEmails, createGroupWithMembers } from './group-with-members.server'
import { deleteGroups, setGroupsActive } from './group-bulk.server'
import { groupStatistics } from './group-statistics.server'
import { ChangeOwnersFormSchema, GroupIdsBodySchema, parseMemberLines } from './groups.schemas'
import { expectCode } from '../../../tests/support/expect-code'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../../tests/support/swedish-order'
import { batches } from '~/db/batches'

const ctx = (actor: User | null) => ctxFor(actor)

/** An organization with an admin, a plain member, and another organization with its own group. */
async function setup() {
  const admin = await createUser({ name: 'Alma Admin' })
  const member = await createUser({ name: 'Mona Member' })
  const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
  const otherAdmin = await createUser({ name: 'Otto Other' })
  const other = await createOrganization({ adminIds: [otherAdmin.id] })
  const foreignGroup = await createGroup(other.id, { ownerId: otherAdmin.id, name: 'Foreign' })
  return { admin, member, org, otherAdmin, other, foreignGroup }
}

const roleOf = async (groupId: string, userId: string) =>
  (await db().selectFrom('group_members').select('role').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst())
    ?.role

const ownersOf = async (groupId: string) =>
  (await db().selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('role', '=', 'owner').execute()).map(
    (r) => r.user_id,
  )

const query = (overrides: Partial<GroupListQuery> = {}): GroupListQuery => ({
  q: '',
  sort: 'name',
  dir: 'asc',
  page: 1,
  pageSize: PAGE_SIZE,
  ...overrides,
})

describe('access', () => {
  it('answers ORGANIZATION_NOT_FOUND to a plain member, an admin of another organization and an unknown id', async () => {
    const { member, otherAdmin, org, admin } = await setup()
    for (const actor of [member, otherAdmin]) {
      await expectCode(listGroups(ctx(actor), org.id, query()), 'ORGANIZATION_NOT_FOUND')
      await expectCode(listAllGroups(ctx(actor), org.id), 'ORGANIZATION_NOT_FOUND')
      await expectCode(groupStatistics(ctx(actor), org.id, []), 'ORGANIZATION_NOT_FOUND')
      await expectCode(setGroupsActive(ctx(actor), org.id, [], false), 'ORGANIZATION_NOT_FOUND')
      await expectCode(deleteGroups(ctx(actor), org.id, []), 'ORGANIZATION_NOT_FOUND')
      await expectCode(changeGroupOwners(ctx(actor), org.id, []), 'ORGANIZATION_NOT_FOUND')
      await expectCode(
        createGroupWithMembers(ctx(actor), org.id, { name: 'X', kind: 'standard', groupOwnerId: actor.id, memberIdsWithRoles: {} }),
        'ORGANIZATION_NOT_FOUND',
      )
    }
    await expectCode(listGroups(ctx(admin), 'f'.repeat(24), query()), 'ORGANIZATION_NOT_FOUND')
  })
})

describe('listGroups', () => {
  it('searches by group name, owner name or email, filters by active and kind, sorts and pages', async () => {
    const { admin, org, foreignGroup } = await setup()
    const owner = await createUser({ name: 'Zelda Zebra', email: 'zelda.owner@example.se' })
    const members = await createMembers(org.id, 3)
    const math = await createGroup(org.id, {
      ownerId: admin.id,
      name: 'Math 7B',
      memberIds: members,
      latestActivity: '2024-05-01T10:00:00.000Z',
      created: '2024-01-03T00:00:00.000Z',
    })
    const art = await createGroup(org.id, { ownerId: owner.id, name: 'art club', active: false, created: '2024-01-02T00:00:00.000Z' })
    const roll = await createGroup(org.id, {
      ownerId: admin.id,
      name: 'Roll call 100%',
      kind: 'attendance',
      memberIds: [members[0]],
      latestActivity: '2024-06-01T10:00:00.000Z',
      created: '2024-01-01T00:00:00.000Z',
    })

    const all = await listGroups(ctx(admin), org.id, query())
    expect(all.total).toBe(3)
    expect(all.items.map((g) => g.name)).toEqual(['art club', 'Math 7B', 'Roll call 100%'])
    expect(all.items.map((g) => g._id)).not.toContain(foreignGroup.id)
    expect(all.items[1]).toEqual({
      _id: math.id,
      name: 'Math 7B',
      kind: 'standard',
      created: '2024-01-03T00:00:00.000Z',
      active: true,
      owner: { _id: admin.id, name: 'Alma Admin', email: admin.email },
      memberCount: 4,
      latestActivity: '2024-05-01T10:00:00.000Z',
    })

    const names = async (q: Partial<GroupListQuery>) => (await listGroups(ctx(admin), org.id, query(q))).items.map((g) => g.name)
    expect(await names({ q: 'MATH' })).toEqual(['Math 7B'])
    expect(await names({ q: 'zebra' })).toEqual(['art club'])
    expect(await names({ q: 'zelda.owner@' })).toEqual(['art club'])
    expect(await names({ q: '100%' })).toEqual(['Roll call 100%'])
    expect(await names({ q: '%' })).toEqual(['Roll call 100%'])
    expect(await names({ q: '_' })).toEqual([])
    expect(await names({ active: false })).toEqual(['art club'])
    expect(await names({ active: true })).toEqual(['Math 7B', 'Roll call 100%'])
    expect(await names({ kind: 'attendance' })).toEqual(['Roll call 100%'])
    expect(await names({ kind: 'standard', active: true })).toEqual(['Math 7B'])

    expect(await names({ sort: 'members', dir: 'desc' })).toEqual(['Math 7B', 'Roll call 100%', 'art club'])
    expect(await names({ sort: 'created' })).toEqual(['Roll call 100%', 'art club', 'Math 7B'])
    expect(await names({ sort: 'latestActivity', dir: 'desc' })).toEqual(['Roll call 100%', 'Math 7B', 'art club'])
    expect(await names({ sort: 'latestActivity', dir: 'asc' })).toEqual(['art club', 'Math 7B', 'Roll call 100%'])
    expect((await names({ sort: 'owner', dir: 'desc' }))[0]).toBe('art club')
    expect((await names({ sort: 'owner', dir: 'asc' }))[2]).toBe('art club')
    expect(new Set([roll.id, art.id, math.id]).size).toBe(3)
  })

  it('finds Swedish names whatever their case, on both databases', async () => {
    const { admin, org } = await setup()
    const owner = await createUser({ name: 'Åsa Öberg' })
    await createGroup(org.id, { ownerId: owner.id, name: 'Ängsskolan Ö1' })
    await createGroup(org.id, { ownerId: admin.id, name: 'Zeta' })
    const names = async (q: string) => (await listGroups(ctx(admin), org.id, query({ q }))).items.map((g) => g.name)
    for (const q of ['öberg', 'ÖBERG', 'åsa', 'ängs', 'ÄNGSSKOLAN ö1']) expect(await names(q), q).toEqual(['Ängsskolan Ö1'])
  })

  it('pages with a fixed number of rows and a total over all pages', async () => {
    const { admin, org } = await setup()
    for (let i = 0; i < 7; i++) await createGroup(org.id, { ownerId: admin.id, name: `G${i}` })
    const first = await listGroups(ctx(admin), org.id, query({ pageSize: 3 }))
    const third = await listGroups(ctx(admin), org.id, query({ pageSize: 3, page: 3 }))
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 })
    expect(first.items.map((g) => g.name)).toEqual(['G0', 'G1', 'G2'])
    expect(third.items.map((g) => g.name)).toEqual(['G6'])
  })

  it('costs two queries whatever the page size (no query per row)', async () => {
    const { admin, org } = await setup()
    const members = await createMembers(org.id, 20)
    for (let i = 0; i < 60; i++)
      await createGroup(org.id, { ownerId: members[i % 20], name: `Group ${i}`, memberIds: [members[(i + 1) % 20]] })
    const count = async (pageSize: number) => {
      const queries: string[] = []
      const c = ctx(admin)
      const counting = c.db.withPlugin({
        transformQuery: (args) => {
          queries.push(args.node.kind)
          return args.node
        },
        transformResult: async (args) => args.result,
      })
      await listGroups({ ...c, db: counting }, org.id, query({ pageSize }))
      return queries.length
    }
    expect(await count(5)).toBe(await count(50))
    expect(await count(50)).toBe(3) // the access check, the page, the total
  })

  it('lists every group for the API, in the Group shape', async () => {
    const { admin, org } = await setup()
    const g = await createGroup(org.id, { ownerId: admin.id, name: 'B', kind: 'attendance', active: false })
    await createGroup(org.id, { ownerId: admin.id, name: 'a' })
    const list = await listAllGroups(ctx(admin), org.id)
    expect(list.map((x) => x.name)).toEqual(['a', 'B'])
    expect(list[1]).toMatchObject({ _id: g.id, kind: 'attendance', active: false, memberCount: 1, owner: { _id: admin.id } })
    expect((await getGroups(ctx(admin), org.id, [g.id, 'nope'])).map((x) => x._id)).toEqual([g.id])
  })
})

describe('Swedish order', () => {
  it('sorts group names and owner names with å, ä, ö after z, case and accents ignored', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    for (const name of SWEDISH_SHUFFLED) {
      const owner = await createUser({ name })
      await createGroup(org.id, { ownerId: owner.id, name: `${name} grupp` })
    }
    const groups = await listGroups(ctx(admin), org.id, query())
    expect(groups.items.map((g) => g.name)).toEqual(SWEDISH_ORDER.map((n) => `${n} grupp`))
    const byOwner = await listGroups(ctx(admin), org.id, query({ sort: 'owner', dir: 'desc' }))
    expect(byOwner.items.map((g) => g.owner.name)).toEqual([...SWEDISH_ORDER].reverse())
    expect((await listAllGroups(ctx(admin), org.id)).map((g) => g.owner.name)).toEqual(SWEDISH_ORDER)
  })
})

describe('groupStatistics', () => {
  it('gives latestActivity, member counts and roles by group id; other ids are absent', async () => {
    const { admin, org, foreignGroup } = await setup()
    const [a, b, c] = await createMembers(org.id, 3)
    const g = await createGroup(org.id, {
      ownerId: admin.id,
      memberIds: [[a, 'leader'], b, [c, 'subscriber']],
      latestActivity: '2024-03-01T00:00:00.000Z',
    })
    const empty = await createGroup(org.id, { ownerId: admin.id })
    const stats = await groupStatistics(ctx(admin), org.id, [g.id, empty.id, foreignGroup.id, 'unknown', g.id])
    expect(Object.keys(stats).sort()).toEqual([g.id, empty.id].sort())
    expect(stats[g.id]).toEqual({
      latestActivity: '2024-03-01T00:00:00.000Z',
      members: 4,
      roles: { owner: 1, leader: 1, member: 1, subscriber: 1 },
      active: true,
      loops: 0,
      comments: 0,
    })
    expect(stats[empty.id]).toMatchObject({ latestActivity: null, members: 1 })
    expect(GroupIdsBodySchema.parse([g.id])).toEqual([g.id])
    expect(GroupIdsBodySchema.parse({ groupIds: [g.id] })).toEqual([g.id])
  })
})

describe('setGroupsActive and deleteGroups', () => {
  it('sets the active flag per item; another organization’s groups fail as not found and stay as they are', async () => {
    const { admin, org, foreignGroup } = await setup()
    const g1 = await createGroup(org.id, { ownerId: admin.id })
    const g2 = await createGroup(org.id, { ownerId: admin.id })
    const results = await setGroupsActive(ctx(admin), org.id, [g1.id, foreignGroup.id, g2.id, 'unknown'], false)
    expect(results).toEqual([
      { _id: g1.id, result: 'SUCCESS' },
      { _id: foreignGroup.id, result: 'GROUP_NOT_FOUND' },
      { _id: g2.id, result: 'SUCCESS' },
      { _id: 'unknown', result: 'GROUP_NOT_FOUND' },
    ])
    const active = await db().selectFrom('groups').select(['id', 'active']).where('id', 'in', [g1.id, g2.id, foreignGroup.id]).execute()
    expect(Object.fromEntries(active.map((r) => [r.id, r.active]))).toEqual({ [g1.id]: 0, [g2.id]: 0, [foreignGroup.id]: 1 })
    expect(await setGroupsActive(ctx(admin), org.id, [g1.id], true)).toEqual([{ _id: g1.id, result: 'SUCCESS' }])

    const audit = await db().selectFrom('audit_log').selectAll().where('organization_id', '=', org.id).orderBy('created_at').execute()
    expect(audit.map((a) => a.action)).toEqual(['groups.deactivate', 'groups.activate'])
    expect(JSON.parse(audit[0].result)).toEqual({ SUCCESS: 2, GROUP_NOT_FOUND: 2, notRecorded: 2 })
    // Only the organization's groups are recorded (issue 33): another's id is counted, never kept.
    expect(JSON.parse(audit[0].items)).toEqual([g1.id, g2.id])
    expect(audit[0].actor_id).toBe(admin.id)
  })

  it('deletes groups with their members; only this organization’s groups', async () => {
    const { admin, org, foreignGroup } = await setup()
    const [m] = await createMembers(org.id, 1)
    const g1 = await createGroup(org.id, { ownerId: admin.id, memberIds: [m] })
    const keep = await createGroup(org.id, { ownerId: admin.id })
    const results = await deleteGroups(ctx(admin), org.id, [g1.id, foreignGroup.id])
    expect(results).toEqual([
      { _id: g1.id, result: 'SUCCESS' },
      { _id: foreignGroup.id, result: 'GROUP_NOT_FOUND' },
    ])
    const left = (
      await db().selectFrom('groups').select('id').where('organization_id', 'in', [org.id, foreignGroup.organization_id]).execute()
    )
      .map((r) => r.id)
      .sort()
    expect(left).toEqual([keep.id, foreignGroup.id].sort())
    expect(await db().selectFrom('group_members').select('user_id').where('group_id', '=', g1.id).execute()).toEqual([])
    expect(await deleteGroups(ctx(admin), org.id, [g1.id])).toEqual([{ _id: g1.id, result: 'GROUP_NOT_FOUND' }])
  })

  it('isolates a group that fails unexpectedly: SERVER_ERROR for it, the others change, the audit is written', async () => {
    const { admin, org } = await setup()
    const [g1, g2, g3] = [
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
    ]
    const restore = await failWrites('groups', 'UPDATE', 'id', g2.id)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(await setGroupsActive(ctx(admin), org.id, [g1.id, g2.id, g3.id], false)).toEqual([
        { _id: g1.id, result: 'SUCCESS' },
        { _id: g2.id, result: 'SERVER_ERROR' },
        { _id: g3.id, result: 'SUCCESS' },
      ])
    } finally {
      await restore()
    }
    expect(logged).toHaveBeenCalledTimes(1)
    const active = await db().selectFrom('groups').select(['id', 'active']).where('id', 'in', [g1.id, g2.id, g3.id]).execute()
    expect(Object.fromEntries(active.map((r) => [r.id, r.active]))).toEqual({ [g1.id]: 0, [g2.id]: 1, [g3.id]: 0 })
    const audit = await db().selectFrom('audit_log').selectAll().where('organization_id', '=', org.id).executeTakeFirstOrThrow()
    expect(audit.action).toBe('groups.deactivate')
    expect(JSON.parse(audit.result)).toEqual({ SUCCESS: 2, SERVER_ERROR: 1 })
  })

  // Its speed (< 1 s for 1,000 on SQLite) is measured by `npm run bench`, not here.
  it('deletes 1,000 groups at once, each with its members', async () => {
    const { admin, org } = await setup()
    const now = new Date().toISOString()
    const ids = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(24, '0')}`)
    for (const chunk of batches(ids, 100)) {
      await db()
        .insertInto('groups')
        .values(chunk.map((id) => ({ id, organization_id: org.id, name: id, owner_id: admin.id, member_count: 1, created_at: now })))
        .execute()
      await db()
        .insertInto('group_members')
        .values(chunk.map((id) => ({ group_id: id, user_id: admin.id, role: 'owner' as const, created_at: now })))
        .execute()
    }
    const results = await deleteGroups(ctx(admin), org.id, ids)
    expect(results.every((r) => r.result === 'SUCCESS')).toBe(true)
    expect(await db().selectFrom('group_members').select('group_id').where('group_id', 'in', ids).execute()).toEqual([])
  })
})

describe('changeGroupOwners', () => {
  it('makes a member of the organization the owner; the old owner keeps the given role; counts stay right', async () => {
    const { admin, org } = await setup()
    const [oldOwner, newOwner, other] = await createMembers(org.id, 3)
    const g = await createGroup(org.id, { ownerId: oldOwner, memberIds: [other] })
    const [result] = await changeGroupOwners(ctx(admin), org.id, [{ groupId: g.id, newOwnerId: newOwner, oldOwnerRole: 'leader' }])
    expect(result).toMatchObject({
      _id: g.id,
      result: 'SUCCESS',
      oldOwnerRemoved: false,
      group: { _id: g.id, owner: { _id: newOwner }, memberCount: 3 },
    })
    expect(await roleOf(g.id, newOwner)).toBe('owner')
    expect(await roleOf(g.id, oldOwner)).toBe('leader')
    expect(await ownersOf(g.id)).toEqual([newOwner])
    expect((await db().selectFrom('groups').select('owner_id').where('id', '=', g.id).executeTakeFirstOrThrow()).owner_id).toBe(newOwner)
    expect(await groupMemberCounts(g.id)).toEqual({ rows: 3, memberCount: 3 })
  })

  it('removes the old owner with REMOVE and promotes a member already in the group', async () => {
    const { admin, org } = await setup()
    const [oldOwner, newOwner] = await createMembers(org.id, 2)
    const g = await createGroup(org.id, { ownerId: oldOwner, memberIds: [[newOwner, 'subscriber']] })
    const [result] = await changeGroupOwners(ctx(admin), org.id, [{ groupId: g.id, newOwnerId: newOwner, oldOwnerRole: 'REMOVE' }])
    expect(result).toMatchObject({ result: 'SUCCESS', oldOwnerRemoved: true, group: { memberCount: 1 } })
    expect(await roleOf(g.id, oldOwner)).toBeUndefined()
    expect(await ownersOf(g.id)).toEqual([newOwner])
    expect(await groupMemberCounts(g.id)).toEqual({ rows: 1, memberCount: 1 })
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('action', '=', 'groups.change-owners')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.result)).toEqual({ SUCCESS: 1, oldOwnersRemoved: 1 })
  })

  it('fails per item: foreign group, owner outside the organization, the same owner; the others go through', async () => {
    const { admin, org, foreignGroup, otherAdmin } = await setup()
    const [owner, next] = await createMembers(org.id, 2)
    const outsider = await createUser()
    const g1 = await createGroup(org.id, { ownerId: owner })
    const g2 = await createGroup(org.id, { ownerId: owner })
    const g3 = await createGroup(org.id, { ownerId: owner })
    const results = await changeGroupOwners(ctx(admin), org.id, [
      { groupId: foreignGroup.id, newOwnerId: next, oldOwnerRole: 'REMOVE' },
      { groupId: g1.id, newOwnerId: outsider.id, oldOwnerRole: 'member' },
      { groupId: g2.id, newOwnerId: otherAdmin.id, oldOwnerRole: 'member' },
      { groupId: g3.id, newOwnerId: owner, oldOwnerRole: 'REMOVE' },
      { groupId: g2.id, newOwnerId: next, oldOwnerRole: 'member' },
    ])
    expect(results.map((r) => [r._id, r.result])).toEqual([
      [foreignGroup.id, 'GROUP_NOT_FOUND'],
      [g1.id, 'MEMBER_NOT_FOUND'],
      [g2.id, 'MEMBER_NOT_FOUND'],
      [g3.id, 'ALREADY_GROUP_OWNER'],
      [g2.id, 'SUCCESS'],
    ])
    expect(results[0]).toMatchObject({ group: null, oldOwnerRemoved: false })
    // Nothing happened to the failed items: each still has its one owner and the right count.
    expect(await ownersOf(foreignGroup.id)).toEqual([otherAdmin.id])
    expect(await ownersOf(g1.id)).toEqual([owner])
    expect(await ownersOf(g3.id)).toEqual([owner])
    expect(await groupMemberCounts(g3.id)).toEqual({ rows: 1, memberCount: 1 })
    expect(await ownersOf(g2.id)).toEqual([next])
    expect(await roleOf(g2.id, owner)).toBe('member')
    expect(await groupMemberCounts(g2.id)).toEqual({ rows: 2, memberCount: 2 })
  })

  it('undoes an owner change that fails unexpectedly half-way and reports SERVER_ERROR with the failure fields', async () => {
    const { admin, org } = await setup()
    const [owner, next] = await createMembers(org.id, 2)
    const g1 = await createGroup(org.id, { ownerId: owner })
    const g2 = await createGroup(org.id, { ownerId: owner })
    // The group row's update comes after the group_members changes of the item.
    const restore = await failWrites('groups', 'UPDATE', 'id', g1.id)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    let results: Awaited<ReturnType<typeof changeGroupOwners>> = []
    try {
      results = await changeGroupOwners(ctx(admin), org.id, [
        { groupId: g1.id, newOwnerId: next, oldOwnerRole: 'REMOVE' },
        { groupId: g2.id, newOwnerId: next, oldOwnerRole: 'REMOVE' },
      ])
    } finally {
      await restore()
    }
    expect(logged).toHaveBeenCalledTimes(1)
    expect(results[0]).toEqual({ _id: g1.id, result: 'SERVER_ERROR', group: null, oldOwnerRemoved: false })
    expect(results[1]).toMatchObject({ _id: g2.id, result: 'SUCCESS', oldOwnerRemoved: true, group: { owner: { _id: next } } })
    expect(await ownersOf(g1.id)).toEqual([owner])
    expect(await roleOf(g1.id, next)).toBeUndefined()
    expect(await groupMemberCounts(g1.id)).toEqual({ rows: 1, memberCount: 1 })
    expect(await ownersOf(g2.id)).toEqual([next])
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('action', '=', 'groups.change-owners')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.result)).toEqual({ SUCCESS: 1, SERVER_ERROR: 1, oldOwnersRemoved: 1 })
  })
})

describe('mayCreateAttendanceGroup', () => {
  it('is true for the organization’s admins and group creators only', async () => {
    const { admin, member, org, otherAdmin } = await setup()
    const creator = await createUser()
    await addMember(org.id, creator.id, { groupCreator: true })
    expect(await mayCreateAttendanceGroup(ctx(admin), org.id)).toBe(true)
    expect(await mayCreateAttendanceGroup(ctx(creator), org.id)).toBe(true)
    expect(await mayCreateAttendanceGroup(ctx(member), org.id)).toBe(false)
    expect(await mayCreateAttendanceGroup(ctx(otherAdmin), org.id)).toBe(false)
    expect(await mayCreateAttendanceGroup(ctx(admin), 'unknown')).toBe(false)
  })
})

describe('createGroupWithMembers', () => {
  it('creates the group with the owner and the members of the organization; others fail per item', async () => {
    const { admin, org, otherAdmin } = await setup()
    const [a, b] = await createMembers(org.id, 2)
    const { group, membersResults } = await createGroupWithMembers(ctx(admin), org.id, {
      name: 'Class 9A',
      kind: 'attendance',
      groupOwnerId: a,
      memberIdsWithRoles: { [b]: 'leader', [otherAdmin.id]: 'member', unknown: 'member', [admin.id]: 'subscriber', [a]: 'member' },
    })
    expect(group).toMatchObject({
      name: 'Class 9A',
      kind: 'attendance',
      active: true,
      owner: { _id: a },
      memberCount: 3,
      latestActivity: null,
    })
    expect(membersResults).toEqual([
      { _id: b, result: 'SUCCESS' },
      { _id: otherAdmin.id, result: 'MEMBER_NOT_FOUND' },
      { _id: 'unknown', result: 'MEMBER_NOT_FOUND' },
      { _id: admin.id, result: 'SUCCESS' },
      { _id: a, result: 'SUCCESS' },
    ])
    expect(await roleOf(group._id, a)).toBe('owner')
    expect(await roleOf(group._id, b)).toBe('leader')
    expect(await roleOf(group._id, admin.id)).toBe('subscriber')
    expect(await roleOf(group._id, otherAdmin.id)).toBeUndefined()
    expect(await groupMemberCounts(group._id)).toEqual({ rows: 3, memberCount: 3 })
    const row = await db().selectFrom('groups').selectAll().where('id', '=', group._id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ organization_id: org.id, owner_id: a, kind: 'attendance' })
  })

  it('creates nothing when the owner is not a member of the organization (OWNER_NOT_MEMBER)', async () => {
    const { admin, org, otherAdmin } = await setup()
    await expectCode(
      createGroupWithMembers(ctx(admin), org.id, {
        name: 'X',
        kind: 'standard',
        groupOwnerId: otherAdmin.id,
        memberIdsWithRoles: { [admin.id]: 'member' },
      }),
      'OWNER_NOT_MEMBER',
    )
    expect(await db().selectFrom('groups').select('id').where('organization_id', '=', org.id).execute()).toEqual([])
  })

  it('creates from emails (a package’s member lines); unknown member addresses fail by address', async () => {
    const { admin, org, member } = await setup()
    const { members } = parseMemberLines(`${member.email}, Leader\n\nnobody@example.se\n`)
    const form = { kind: 'standard' as const, name: 'Choir', ownerEmail: admin.email.toUpperCase(), members }
    const { group, membersResults } = await createGroupWithMemberEmails(ctx(admin), org.id, form)
    expect(group).toMatchObject({ name: 'Choir', memberCount: 2, owner: { _id: admin.id } })
    expect(membersResults).toEqual([
      { _id: member.id, email: member.email, result: 'SUCCESS' },
      { _id: 'nobody@example.se', email: 'nobody@example.se', result: 'MEMBER_NOT_FOUND' },
    ])
    expect(await roleOf(group._id, member.id)).toBe('leader')
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('action', '=', 'groups.create')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.items)).toEqual([group._id])
    expect(JSON.parse(audit.result)).toEqual({ members: { SUCCESS: 1, MEMBER_NOT_FOUND: 1 } })
    await expectCode(
      createGroupWithMemberEmails(ctx(admin), org.id, { name: 'Y', kind: 'standard', ownerEmail: 'nobody@example.se', members: [] }),
      'OWNER_NOT_MEMBER',
    )
  })
})

describe('createGroupWithMembers racing a removal from the organization', () => {
  const createdGroups = async (orgId: string) => db().selectFrom('groups').select('id').where('organization_id', '=', orgId).execute()

  it('does not add a member removed after the request came in: MEMBER_NOT_FOUND, and the audit says so', async () => {
    const { admin, org } = await setup()
    const [owner, staying, leaving] = await createMembers(org.id, 3)
    // The removal commits after the service was called, just before its transaction starts.
    const racing = beforeFirstTransaction(db(), () => removeMembers(ctx(admin), org.id, [leaving]))
    const { group, membersResults } = await createGroupWithMembers({ ...ctx(admin), db: racing }, org.id, {
      name: 'Race',
      kind: 'standard',
      groupOwnerId: owner,
      memberIdsWithRoles: { [staying]: 'member', [leaving]: 'leader' },
    })
    expect(await isMember(db(), org.id, leaving)).toBe(false)
    expect(membersResults).toEqual([
      { _id: staying, result: 'SUCCESS' },
      { _id: leaving, result: 'MEMBER_NOT_FOUND' },
    ])
    expect(await roleOf(group._id, leaving)).toBeUndefined()
    expect(await groupMemberCounts(group._id)).toEqual({ rows: 2, memberCount: 2 })
    const audit = await db()
      .selectFrom('audit_log')
      .select('result')
      .where('action', '=', 'groups.create')
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.result)).toEqual({ members: { SUCCESS: 1, MEMBER_NOT_FOUND: 1 } })
  })

  it('does not add a member given by email who is removed meanwhile', async () => {
    const { admin, org } = await setup()
    const leaving = await createUser({ email: 'leaving@example.se' })
    await addMember(org.id, leaving.id)
    const racing = beforeFirstTransaction(db(), () => removeMembers(ctx(admin), org.id, [leaving.id]))
    const { group, membersResults } = await createGroupWithMemberEmails({ ...ctx(admin), db: racing }, org.id, {
      name: 'Race',
      kind: 'standard',
      ownerEmail: admin.email,
      members: [{ email: leaving.email, role: 'member' }],
    })
    expect(membersResults).toEqual([{ _id: leaving.id, email: leaving.email, result: 'MEMBER_NOT_FOUND' }])
    expect(await groupMemberCounts(group._id)).toEqual({ rows: 1, memberCount: 1 })
  })

  it('creates nothing when the owner is removed meanwhile (OWNER_NOT_MEMBER)', async () => {
    const { admin, org } = await setup()
    const [owner, member] = await createMembers(org.id, 2)
    const racing = beforeFirstTransaction(db(), () => removeMembers(ctx(admin), org.id, [owner]))
    await expectCode(
      createGroupWithMembers({ ...ctx(admin), db: racing }, org.id, {
        name: 'X',
        kind: 'standard',
        groupOwnerId: owner,
        memberIdsWithRoles: { [member]: 'member' },
      }),
      'OWNER_NOT_MEMBER',
    )
    expect(await createdGroups(org.id)).toEqual([])
  })

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'waits for a removal that holds the organization’s lock, then reads its outcome (PostgreSQL)',
    async () => {
      const { admin, org } = await setup()
      const [owner, leaving] = await createMembers(org.id, 2)
      const remover = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await remover.connect()
      try {
        const { rows } = await remover.query<{ pid: number }>('select pg_backend_pid() as pid')
        // A removal in progress, as removeMembers does it: the organization locked, the row deleted, not committed.
        await remover.query('begin')
        await remover.query('select id from organizations where id = $1 for update', [org.id])
        await remover.query('delete from organization_members where organization_id = $1 and user_id = $2', [org.id, leaving])
        const creating = createGroupWithMembers(ctx(admin), org.id, {
          name: 'Race',
          kind: 'standard',
          groupOwnerId: owner,
          memberIdsWithRoles: { [leaving]: 'member' },
        })
        // The creation is blocked by the removal's lock (it read nothing yet), then the removal commits.
        await vi.waitFor(
          async () => {
            const blocked = await remover.query('select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [rows[0].pid])
            expect(blocked.rowCount).toBe(1)
          },
          { timeout: 5000, interval: 20 },
        )
        await remover.query('commit')
        const { group, membersResults } = await creating
        expect(membersResults).toEqual([{ _id: leaving, result: 'MEMBER_NOT_FOUND' }])
        expect(await groupMemberCounts(group._id)).toEqual({ rows: 1, memberCount: 1 })
      } finally {
        await remover.end()
      }
    },
  )
})

describe('form schemas', () => {
  it('parses member lines with optional roles and reports bad lines', () => {
    expect(parseMemberLines('a@example.se\nB@example.se, subscriber\n\nbad line\nc@example.se, boss\na@example.se,leader')).toEqual({
      members: [
        { email: 'b@example.se', role: 'subscriber' },
        { email: 'a@example.se', role: 'leader' },
      ],
      badLines: [4, 5],
    })
  })

  it('fills empty owner-change rows from the values for all groups, and requires a new owner', () => {
    expect(
      ChangeOwnersFormSchema.parse({
        intent: 'change-owners',
        newOwnerId: 'all',
        oldOwnerRole: 'REMOVE',
        changes: [{ groupId: 'g1' }, { groupId: 'g2', newOwnerId: 'one', oldOwnerRole: 'leader' }],
      }),
    ).toEqual([
      { groupId: 'g1', newOwnerId: 'all', oldOwnerRole: 'REMOVE' },
      { groupId: 'g2', newOwnerId: 'one', oldOwnerRole: 'leader' },
    ])
    const missing = ChangeOwnersFormSchema.safeParse({ intent: 'change-owners', changes: [{ groupId: 'g1' }] })
    expect(missing.success).toBe(false)
    expect(missing.error?.issues[0]).toMatchObject({ path: ['changes', 0, 'newOwnerId'], message: 'groups.owners.chooseOwner' })
  })
})
