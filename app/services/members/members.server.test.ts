import { describe, expect, it, vi } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { newId } from '~/utils/ids.server'
import { dyingAfterTransactions, failWrites } from '../../../tests/support/db-faults'
import { createUser } from '../../../tests/support/factories'
import { addMember, createGroup, createMembers, createOrganization, groupMemberCounts } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { latestAudit } from '../audit.server'
import { BULK_BATCH } from '../bulk.server'
import { addGroupCreators, addGroupCreatorsByEmail, removeGroupCreators } from './group-creators.server'
import { exportMembersCsv } from './member-csv.server'
import { listAllMembers } from './member-batches.server'
import { listMembers, memberIdsByEmail, type MemberQuery } from './members.server'
import { removeMembers } from './member-removal.server'
import { expectCode } from '../../../tests/support/expect-code'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../../tests/support/swedish-order'
import { isMember as isMemberOf } from './members.server'

const ctx = (actor: User) => ctxFor(actor)
const query = (over: Partial<MemberQuery> = {}): MemberQuery => ({ q: '', sort: 'name', dir: 'asc', page: 1, pageSize: 50, ...over })

const isMember = (orgId: string, userId: string) => isMemberOf(db(), orgId, userId)

const lastAudit = (orgId: string) =>
  db().selectFrom('audit_log').selectAll().where('organization_id', '=', orgId).orderBy('created_at', 'desc').executeTakeFirstOrThrow()

describe('access', () => {
  it('answers ORGANIZATION_NOT_FOUND to a plain member and to another organization’s admin, and changes nothing', async () => {
    const admin = await createUser()
    const member = await createUser()
    const otherAdmin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const actor of [member, otherAdmin]) {
      await expectCode(listMembers(ctx(actor), org.id, query()), 'ORGANIZATION_NOT_FOUND')
      await expectCode(listAllMembers(ctx(actor), org.id), 'ORGANIZATION_NOT_FOUND')
      await expectCode(exportMembersCsv(ctx(actor), org.id, query()), 'ORGANIZATION_NOT_FOUND')
      await expectCode(removeMembers(ctx(actor), org.id, [member.id]), 'ORGANIZATION_NOT_FOUND')
      await expectCode(addGroupCreators(ctx(actor), org.id, [member.id]), 'ORGANIZATION_NOT_FOUND')
      await expectCode(removeGroupCreators(ctx(actor), org.id, [member.id]), 'ORGANIZATION_NOT_FOUND')
    }
    expect(await isMember(org.id, member.id)).toBe(true)
  })
})

describe('listMembers', () => {
  it('searches name and email (wildcards literal), sorts, paginates, and filters group creators', async () => {
    const admin = await createUser({ name: 'Astrid Admin', email: 'astrid-x@example.se' })
    const org = await createOrganization({ adminIds: [admin.id] })
    const people = [
      ['Bertil Berg', 'bertil@skola.se', '2025-01-03T00:00:00.000Z', null],
      ['cecilia Carlsson', 'cecilia@skola.se', '2025-01-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z'],
      ['David 100% Dahl', 'david_d@skola.se', '2025-01-02T00:00:00.000Z', '2025-05-01T00:00:00.000Z'],
    ] as const
    const ids: string[] = []
    for (const [name, email, created, lastRequest] of people) {
      const u = await createUser({ name, email, last_request_at: lastRequest })
      await addMember(org.id, u.id, { created, groupCreator: name.startsWith('c') })
      ids.push(u.id)
    }
    // A member of another organization never shows up.
    await createOrganization({ adminIds: [(await createUser({ name: 'Bertil Annan' })).id] })

    const byName = await listMembers(ctx(admin), org.id, query())
    expect(byName.total).toBe(4)
    expect(byName.items.map((m) => m.name)).toEqual(['Astrid Admin', 'Bertil Berg', 'cecilia Carlsson', 'David 100% Dahl'])
    expect(byName.items[0]).toMatchObject({ _id: admin.id, isAdmin: true, isGroupCreator: false, lastRequest: null })
    expect(byName.items[2]).toMatchObject({ email: 'cecilia@skola.se', isAdmin: false, isGroupCreator: true, created: people[1][2] })

    const desc = await listMembers(ctx(admin), org.id, query({ dir: 'desc' }))
    expect(desc.items[0].name).toBe('David 100% Dahl')
    const byCreated = await listMembers(ctx(admin), org.id, query({ sort: 'created' }))
    expect(byCreated.items.slice(0, 3).map((m) => m._id)).toEqual([ids[1], ids[2], ids[0]])
    // Never seen: last in both directions.
    const seenAsc = await listMembers(ctx(admin), org.id, query({ sort: 'lastRequest' }))
    expect(seenAsc.items.map((m) => m._id).slice(0, 2)).toEqual([ids[2], ids[1]])
    expect(seenAsc.items.at(-1)!.lastRequest).toBeNull()
    const seenDesc = await listMembers(ctx(admin), org.id, query({ sort: 'lastRequest', dir: 'desc' }))
    expect(seenDesc.items.map((m) => m._id).slice(0, 2)).toEqual([ids[1], ids[2]])

    expect((await listMembers(ctx(admin), org.id, query({ q: 'BERTIL' }))).items.map((m) => m._id)).toEqual([ids[0]])
    expect((await listMembers(ctx(admin), org.id, query({ q: 'skola.se' }))).total).toBe(3)
    expect((await listMembers(ctx(admin), org.id, query({ q: '100%' }))).items.map((m) => m._id)).toEqual([ids[2]])
    expect((await listMembers(ctx(admin), org.id, query({ q: '%' }))).items.map((m) => m._id)).toEqual([ids[2]])
    expect((await listMembers(ctx(admin), org.id, query({ q: 'd_d' }))).items.map((m) => m._id)).toEqual([ids[2]])
    expect((await listMembers(ctx(admin), org.id, query({ q: 'x_' }))).total).toBe(0)
    expect((await listMembers(ctx(admin), org.id, query({ groupCreatorsOnly: true }))).items.map((m) => m._id)).toEqual([ids[1]])

    const page2 = await listMembers(ctx(admin), org.id, query({ pageSize: 3, page: 2 }))
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 })
    expect(page2.items.map((m) => m.name)).toEqual(['David 100% Dahl'])
  })

  it('pages a large organization by name and email in the same order as the full sort', async () => {
    const admin = await createUser({ name: 'admin Person' })
    const org = await createOrganization({ adminIds: [admin.id] })
    const ids = await createMembers(org.id, 550)
    // Names out of creation order, mixed case; and users of another organization in between.
    const names = ['zed', 'Anna', 'anna', 'Bo', 'bertil', 'ÖSTEN', 'Member 00007']
    for (const [i, name] of names.entries())
      await db()
        .updateTable('users')
        .set({ name })
        .where('id', '=', ids[i * 71])
        .execute()
    await createMembers((await createOrganization({ adminIds: [(await createUser()).id] })).id, 300, { namePrefix: 'Member' })

    const all = await listAllMembers(ctx(admin), org.id)
    for (const [sort, dir] of [
      ['name', 'asc'],
      ['name', 'desc'],
      ['email', 'asc'],
      ['email', 'desc'],
    ] as const) {
      const full = await exportMembersCsv(ctx(admin), org.id, query({ sort, dir }))
      const expected = full
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[1])
      for (const page of [1, 3, 12]) {
        const got = await listMembers(ctx(admin), org.id, query({ sort, dir, page, pageSize: 50 }))
        expect(got.total).toBe(all.length)
        expect(got.items.map((m) => m.email)).toEqual(expected.slice((page - 1) * 50, page * 50))
      }
    }
    const first = await listMembers(ctx(admin), org.id, query())
    // Case does not matter ('Anna' and 'anna' tie on the name; the id decides).
    expect(first.items.slice(0, 3).map((m) => m.name.toLowerCase())).toEqual(['admin person', 'anna', 'anna'])
    expect(first.items[0]).toMatchObject({ _id: admin.id, isAdmin: true })
  })

  it('sorts names and emails in Swedish order (å, ä, ö after z; case and accents ignored), on every page and in the API list', async () => {
    const admin = await createUser({ name: 'Örjan', email: 'örjan@example.se' })
    const org = await createOrganization({ adminIds: [admin.id] })
    for (const name of SWEDISH_SHUFFLED.filter((n) => n !== 'Örjan')) {
      await addMember(org.id, (await createUser({ name, email: `${name.toLowerCase()}@example.se` })).id)
    }
    const names = async (over: Partial<MemberQuery>) => (await listMembers(ctx(admin), org.id, query(over))).items.map((m) => m.name)
    expect(await names({})).toEqual(SWEDISH_ORDER)
    expect(await names({ dir: 'desc' })).toEqual([...SWEDISH_ORDER].reverse())
    expect(await names({ pageSize: 3, page: 2 })).toEqual(SWEDISH_ORDER.slice(3, 6))
    expect(await names({ sort: 'email' })).toEqual(SWEDISH_ORDER)
    expect((await listAllMembers(ctx(admin), org.id)).map((m) => m.name)).toEqual(SWEDISH_ORDER)
  })

  it('shows a renamed user at once, under the new name and in its place', async () => {
    const admin = await createUser({ name: 'Bo' })
    const member = await createUser({ name: 'Cecilia', email: 'cecilia-x@example.se' })
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    await db()
      .updateTable('users')
      .set({ name: 'Ada', email: 'ada-x@example.se', last_request_at: '2025-02-01T00:00:00.000Z' })
      .where('id', '=', member.id)
      .execute()
    const page = await listMembers(ctx(admin), org.id, query())
    expect(page.items[0]).toMatchObject({ _id: member.id, name: 'Ada', email: 'ada-x@example.se', lastRequest: '2025-02-01T00:00:00.000Z' })
    expect((await listMembers(ctx(admin), org.id, query({ q: 'cecilia' }))).total).toBe(0)
  })

  it('lists all members for the API in the spec shape (lastRequest only when known)', async () => {
    const admin = await createUser({ name: 'A', last_request_at: '2025-01-01T00:00:00.000Z' })
    const member = await createUser({ name: 'B' })
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    const all = await listAllMembers(ctx(admin), org.id)
    expect(all).toEqual([
      expect.objectContaining({ _id: admin.id, lastRequest: '2025-01-01T00:00:00.000Z', isAdmin: true, created: expect.any(String) }),
      expect.not.objectContaining({ lastRequest: expect.anything() }),
    ])
    expect(all[1]._id).toBe(member.id)
  })
})

describe('exportMembersCsv', () => {
  it('quotes fields, guards formulas, starts with a BOM, and keeps the filter across all pages', async () => {
    const admin = await createUser({ name: 'Admin; "Chefen"', email: 'csv-chef@example.se', last_request_at: '2026-11-23T13:05:00.000Z' })
    const org = await createOrganization({ adminIds: [admin.id] })
    const tricky = await createUser({ name: '=HYPERLINK("x")', email: 'csv-tricky@example.se' })
    await addMember(org.id, tricky.id, { groupCreator: true })
    const lines = await createUser({ name: 'Åsa\nÖberg', email: 'csv-asa@example.se' })
    await addMember(org.id, lines.id)
    await createMembers(org.id, 120, { namePrefix: 'Bulk' })

    const csv = await exportMembersCsv(
      ctx(admin),
      org.id,
      query({ q: 'csv-', pageSize: 10 }),
      { headers: ['Namn', 'E-post', 'Gick med', 'Senast sedd', 'Admin', 'Gruppskapare'], yes: 'ja', no: 'nej' },
      { delimiter: ';', timeZone: 'Europe/Stockholm' },
    )
    expect(csv.startsWith('\uFEFFNamn;E-post;Gick med;Senast sedd;Admin;Gruppskapare\r\n')).toBe(true)
    const rows = csv.slice(1).split('\r\n')
    expect(rows.at(-1)).toBe('')
    expect(rows).toHaveLength(5) // header, three matches, final CRLF
    expect(rows[1]).toMatch(/^"'=HYPERLINK\(""x""\)";csv-tricky@example\.se;\d{4}-\d\d-\d\d \d\d:\d\d;;nej;ja$/)
    expect(rows[2]).toMatch(/^"Admin; ""Chefen""";csv-chef@example\.se;[^;]+;2026-11-23 14:05;ja;nej$/)
    expect(rows[3]).toMatch(/^"Åsa\nÖberg";csv-asa@example\.se;/)

    const everyone = await exportMembersCsv(ctx(admin), org.id, query({ pageSize: 10 }))
    expect(everyone.split('\r\n')).toHaveLength(1 + 123 + 1)
    expect(everyone).toContain('name,email,created,lastRequest,isAdmin,isGroupCreator\r\n')
    expect(everyone).toContain('"Admin; ""Chefen""",csv-chef@example.se,')
  })
})

describe('removeMembers', () => {
  it('gives a result per item: other organization’s member, unknown id, group owner, last admin; the rest go through', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const [plain, owner, inGroups, outsider] = [await createUser(), await createUser(), await createUser(), await createUser()]
    await addMember(org.id, plain.id)
    const other = await createOrganization({ adminIds: [outsider.id] })
    const g1 = await createGroup(org.id, { ownerId: owner.id, memberIds: [inGroups.id, plain.id] })
    const g2 = await createGroup(org.id, { ownerId: owner.id, memberIds: [inGroups.id] })
    // The same user in a group of the other organization stays there.
    await addMember(other.id, inGroups.id)
    const foreign = await createGroup(other.id, { ownerId: outsider.id, memberIds: [inGroups.id] })
    const unknown = newId()

    const results = await removeMembers(ctx(admin), org.id, [plain.id, outsider.id, unknown, owner.id, admin.id, inGroups.id, plain.id])
    expect(results).toEqual([
      { _id: plain.id, result: 'SUCCESS' },
      { _id: outsider.id, result: 'MEMBER_NOT_FOUND' },
      { _id: unknown, result: 'MEMBER_NOT_FOUND' },
      { _id: owner.id, result: 'IS_GROUP_OWNER' },
      { _id: admin.id, result: 'LAST_ADMIN' },
      { _id: inGroups.id, result: 'SUCCESS' },
    ])
    expect(await isMember(org.id, plain.id)).toBe(false)
    expect(await isMember(org.id, inGroups.id)).toBe(false)
    expect(await isMember(org.id, owner.id)).toBe(true)
    expect(await isMember(org.id, admin.id)).toBe(true)
    expect(await isMember(other.id, outsider.id)).toBe(true)
    expect(await isMember(other.id, inGroups.id)).toBe(true)
    expect(await groupMemberCounts(g1.id)).toEqual({ rows: 1, memberCount: 1 })
    expect(await groupMemberCounts(g2.id)).toEqual({ rows: 1, memberCount: 1 })
    expect(await groupMemberCounts(foreign.id)).toEqual({ rows: 2, memberCount: 2 })

    const audit = await lastAudit(org.id)
    expect(audit.action).toBe('members.remove')
    expect(audit.actor_id).toBe(admin.id)
    // Only the organization's members are recorded (issue 33): the outsider and the unknown id are counted, never kept.
    expect(JSON.parse(audit.items)).toHaveLength(4)
    expect(JSON.parse(audit.items)).not.toContain(outsider.id)
    expect(JSON.parse(audit.result)).toEqual({ SUCCESS: 2, MEMBER_NOT_FOUND: 2, IS_GROUP_OWNER: 1, LAST_ADMIN: 1, notRecorded: 2 })
  })

  it('removes admins while another admin remains, then refuses the last one', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()]
    const org = await createOrganization({ adminIds: [a.id, b.id, c.id] })
    const results = await removeMembers(ctx(a), org.id, [b.id, c.id, a.id])
    expect(results.map((r) => r.result)).toEqual(['SUCCESS', 'SUCCESS', 'LAST_ADMIN'])
    expect(await isMember(org.id, a.id)).toBe(true)
  })

  it('isolates an item that fails unexpectedly: SERVER_ERROR, undone entirely, logged; the others go through and the audit is written', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const [first, victim, last] = await createMembers(org.id, 3)
    const group = await createGroup(org.id, { ownerId: admin.id, memberIds: [first, victim, last] })
    // The database refuses to take the victim out of the group: after their membership row is
    // already deleted in the item's transaction, so the item must be undone as a whole.
    const restore = await failWrites('group_members', 'DELETE', 'user_id', victim)
    // The batch of three fails as a whole (a warning), then each item runs alone.
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(await removeMembers(ctx(admin), org.id, [first, victim, last])).toEqual([
        { _id: first, result: 'SUCCESS' },
        { _id: victim, result: 'SERVER_ERROR' },
        { _id: last, result: 'SUCCESS' },
      ])
    } finally {
      await restore()
    }
    expect(logged).toHaveBeenCalledTimes(1)
    expect(await isMember(org.id, first)).toBe(false)
    expect(await isMember(org.id, victim)).toBe(true)
    expect(await isMember(org.id, last)).toBe(false)
    expect(await groupMemberCounts(group.id)).toEqual({ rows: 2, memberCount: 2 })
    const audit = await lastAudit(org.id)
    expect(audit.action).toBe('members.remove')
    expect(JSON.parse(audit.items)).toEqual([first, victim, last])
    expect(JSON.parse(audit.result)).toEqual({ SUCCESS: 2, SERVER_ERROR: 1 })
  })

  // Its speed (< 1 s for 1,000 on SQLite) is measured by `npm run bench`, not here.
  it('removes 1,000 members at once, with their group memberships', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const ids = await createMembers(org.id, 1000)
    const group = await createGroup(org.id, { ownerId: admin.id, memberIds: ids.slice(0, 300) })
    const other = await createGroup(org.id, { ownerId: admin.id, memberIds: ids.slice(200, 700) })
    // Statements, not round trips per item: a few per batch of BULK_BATCH.
    let statements = 0
    const counted = db().withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements++
        return args.result
      },
    })
    const results = await removeMembers({ ...ctx(admin), db: counted }, org.id, ids)
    expect(results.every((r) => r.result === 'SUCCESS')).toBe(true)
    expect(statements).toBeLessThan(30)
    expect(await groupMemberCounts(group.id)).toEqual({ rows: 1, memberCount: 1 })
    expect(await groupMemberCounts(other.id)).toEqual({ rows: 1, memberCount: 1 })
    expect((await listMembers(ctx(admin), org.id, query())).total).toBe(1)
  })

  it('keeps the last admin in a batch: of two admins removed together, the second stays', async () => {
    const [a, b] = [await createUser(), await createUser()]
    const org = await createOrganization({ adminIds: [a.id, b.id] })
    const plain = await createMembers(org.id, 2)
    expect(await removeMembers(ctx(a), org.id, [plain[0], a.id, b.id, plain[1]])).toEqual([
      { _id: plain[0], result: 'SUCCESS' },
      { _id: a.id, result: 'SUCCESS' },
      { _id: b.id, result: 'LAST_ADMIN' },
      { _id: plain[1], result: 'SUCCESS' },
    ])
    expect(await isMember(org.id, b.id)).toBe(true)
  })
})

describe('the audit of a removal that stops part-way (a killed process)', () => {
  const removedOf = async (orgId: string, ids: string[]) => {
    const left = new Set(
      (await db().selectFrom('organization_members').select('user_id').where('organization_id', '=', orgId).execute()).map(
        (r) => r.user_id,
      ),
    )
    return ids.filter((id) => !left.has(id))
  }

  it('killed after its first batch of 1,000: one entry, not finished, counting exactly the 500 removed', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const ids = await createMembers(org.id, 1000)
    const dying = dyingAfterTransactions(db(), 1)
    void removeMembers({ ...ctx(admin), db: dying.db }, org.id, ids)
    await dying.died

    const removed = await removedOf(org.id, ids)
    expect(removed).toEqual(ids.slice(0, BULK_BATCH))
    const audit = await lastAudit(org.id)
    expect(audit).toMatchObject({ action: 'members.remove', actor_id: admin.id, status: 'started' })
    expect(JSON.parse(audit.items)).toEqual(ids)
    expect(JSON.parse(audit.result)).toEqual({ SUCCESS: removed.length })
    // The home's latest activity: the one entry, with what was committed, marked unfinished.
    expect(await latestAudit(ctx(admin), org.id)).toMatchObject([
      { action: 'members.remove', itemCount: 1000, result: { SUCCESS: 500 }, finished: false },
    ])
  })

  it('killed while its items run one by one (after a failed batch): the entry counts each committed item and the failure', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const ids = await createMembers(org.id, 6)
    const restore = await failWrites('organization_members', 'DELETE', 'user_id', ids[1])
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    // The batch (rolled back), then items 0 (removed), 1 (fails) and 2 (removed); then the process dies.
    const dying = dyingAfterTransactions(db(), 4)
    try {
      void removeMembers({ ...ctx(admin), db: dying.db }, org.id, ids)
      await dying.died
    } finally {
      await restore()
    }
    expect(logged).toHaveBeenCalledTimes(1)
    expect(await removedOf(org.id, ids)).toEqual([ids[0], ids[2]])
    const audit = await lastAudit(org.id)
    expect(audit.status).toBe('started')
    expect(JSON.parse(audit.result)).toEqual({ SUCCESS: 2, SERVER_ERROR: 1 })
  })

  it('marks the entry finished with the full tally when the run completes', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const ids = await createMembers(org.id, BULK_BATCH + 3)
    await removeMembers(ctx(admin), org.id, [...ids, 'f'.repeat(24)])
    const audit = await lastAudit(org.id)
    expect(audit.status).toBe('done')
    expect(JSON.parse(audit.result)).toEqual({ SUCCESS: BULK_BATCH + 3, MEMBER_NOT_FOUND: 1, notRecorded: 1 })
    expect(await latestAudit(ctx(admin), org.id)).toMatchObject([{ itemCount: BULK_BATCH + 3, finished: true }])
  })
})

describe('group creators', () => {
  it('adds and removes group creators with per-item results', async () => {
    const admin = await createUser()
    const [plain, creator, outsider] = [await createUser(), await createUser(), await createUser()]
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [plain.id], groupCreatorIds: [creator.id] })
    await createOrganization({ adminIds: [outsider.id], groupCreatorIds: [plain.id] })

    expect(await addGroupCreators(ctx(admin), org.id, [plain.id, creator.id, outsider.id, admin.id])).toEqual([
      { _id: plain.id, result: 'SUCCESS' },
      { _id: creator.id, result: 'ALREADY_GROUP_CREATOR' },
      { _id: outsider.id, result: 'MEMBER_NOT_FOUND' },
      { _id: admin.id, result: 'SUCCESS' },
    ])
    const creators = await listMembers(ctx(admin), org.id, query({ groupCreatorsOnly: true }))
    expect(creators.items.map((m) => m._id).sort()).toEqual([admin.id, plain.id, creator.id].sort())
    expect((await lastAudit(org.id)).action).toBe('groupCreators.add')

    expect(await removeGroupCreators(ctx(admin), org.id, [creator.id, creator.id, outsider.id, admin.id])).toEqual([
      { _id: creator.id, result: 'SUCCESS' },
      { _id: outsider.id, result: 'MEMBER_NOT_FOUND' },
      { _id: admin.id, result: 'SUCCESS' },
    ])
    expect(await removeGroupCreators(ctx(admin), org.id, [creator.id])).toEqual([{ _id: creator.id, result: 'NOT_GROUP_CREATOR' }])
    const after = await listMembers(ctx(admin), org.id, query({ groupCreatorsOnly: true }))
    expect(after.items.map((m) => m._id)).toEqual([plain.id])
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'result'])
      .where('organization_id', '=', org.id)
      .where('action', '=', 'groupCreators.remove')
      .execute()
    expect(audit.map((a) => JSON.parse(a.result))).toEqual(
      expect.arrayContaining([{ SUCCESS: 2, MEMBER_NOT_FOUND: 1, notRecorded: 1 }, { NOT_GROUP_CREATOR: 1 }]),
    )
  })
})

describe('members by email', () => {
  it('finds the organization’s members by address, whatever the case; others are absent', async () => {
    const admin = await createUser()
    const member = await createUser({ email: 'maja.member@example.se' })
    const outsider = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    await createOrganization({ adminIds: [outsider.id] })
    const byEmail = await memberIdsByEmail(ctx(admin), org.id, [' MAJA.member@example.se ', outsider.email, '', admin.email])
    expect(Object.fromEntries(byEmail)).toEqual({ 'maja.member@example.se': member.id, [admin.email]: admin.id })
  })

  it('adds group creators by email: one result per distinct address, MEMBER_NOT_FOUND for others', async () => {
    const admin = await createUser()
    const [plain, creator, outsider] = [await createUser(), await createUser(), await createUser()]
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [plain.id], groupCreatorIds: [creator.id] })
    await expectCode(addGroupCreatorsByEmail(ctx(plain), org.id, [plain.email]), 'ORGANIZATION_NOT_FOUND')
    expect(
      await addGroupCreatorsByEmail(ctx(admin), org.id, [plain.email.toUpperCase(), creator.email, outsider.email, plain.email]),
    ).toEqual([
      { email: plain.email, _id: plain.id, result: 'SUCCESS' },
      { email: creator.email, _id: creator.id, result: 'ALREADY_GROUP_CREATOR' },
      { email: outsider.email, _id: outsider.email, result: 'MEMBER_NOT_FOUND' },
    ])
    expect((await listMembers(ctx(admin), org.id, query({ groupCreatorsOnly: true }))).items.map((m) => m._id).sort()).toEqual(
      [plain.id, creator.id].sort(),
    )
  })
})
