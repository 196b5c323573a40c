import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { addMember, createMembers, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { removeMembers } from '../members/member-removal.server'
import { listMembers, type MemberQuery } from '../members/members.server'
import { getOrganizationHome } from './organizations.server'

/**
 * organizations.member_count is kept by triggers (migration 021): the members list's total and the
 * organization home read it instead of counting. It must follow every way a membership comes or
 * goes, on both databases.
 */
const query = (over: Partial<MemberQuery> = {}): MemberQuery => ({ q: '', sort: 'name', dir: 'asc', page: 1, pageSize: 50, ...over })

async function counts(organizationId: string) {
  const row = await db()
    .selectFrom('organizations as o')
    .select((eb) => [
      'o.member_count as kept',
      eb
        .selectFrom('organization_members as m')
        .whereRef('m.organization_id', '=', 'o.id')
        .select((s) => s.fn.countAll().as('n'))
        .as('counted'),
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirstOrThrow()
  return { kept: Number(row.kept), counted: Number(row.counted) }
}

async function expectKept(organizationId: string, expected: number) {
  expect(await counts(organizationId)).toEqual({ kept: expected, counted: expected })
}

describe("an organization's member count", () => {
  it('follows members added one by one and in bulk, and a change of role adds nobody', async () => {
    const admin = await createUser()
    const member = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    await expectKept(org.id, 2)
    // An upsert that only changes the role (the factory's ON CONFLICT DO UPDATE) counts no one twice.
    await addMember(org.id, member.id, { role: 'admin' })
    await expectKept(org.id, 2)
    await createMembers(org.id, 250)
    await expectKept(org.id, 252)
    const other = await createOrganization({ adminIds: [admin.id] })
    await expectKept(other.id, 1)
    await expectKept(org.id, 252)
  })

  it('follows a bulk removal, a deleted user and is what the list and the home show', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const ids = await createMembers(org.id, 120, { namePrefix: 'Räknad' })
    const results = await removeMembers(ctxFor(admin), org.id, ids.slice(0, 70))
    expect(results.every((r) => r.result === 'SUCCESS')).toBe(true)
    await expectKept(org.id, 51)
    // A user deleted outright takes their memberships with them (the cascade counts too).
    await db().deleteFrom('users').where('id', '=', ids[119]).execute()
    await expectKept(org.id, 50)

    const page = await listMembers(ctxFor(admin), org.id, query({ pageSize: 10 }))
    expect(page.total).toBe(50)
    expect(page.items).toHaveLength(10)
    // A search still counts its own matches.
    const searched = await listMembers(ctxFor(admin), org.id, query({ q: 'Räknad 0007' }))
    expect(searched.total).toBe(searched.items.length)
    expect(searched.items.map((m) => m.name)).toEqual([
      'Räknad 00071',
      'Räknad 00072',
      'Räknad 00073',
      'Räknad 00074',
      'Räknad 00075',
      'Räknad 00076',
      'Räknad 00077',
      'Räknad 00078',
      'Räknad 00079',
    ])
    const creatorsOnly = await listMembers(ctxFor(admin), org.id, query({ groupCreatorsOnly: true }))
    expect(creatorsOnly.total).toBe(0)

    const home = await getOrganizationHome(ctxFor(admin), org.id)
    expect(home.counts.members).toBe(50)
  })

  it('does not move when another organization changes', async () => {
    const admin: User = await createUser()
    const a = await createOrganization({ adminIds: [admin.id] })
    const b = await createOrganization({ adminIds: [admin.id] })
    await createMembers(b.id, 5)
    await db().deleteFrom('organizations').where('id', '=', b.id).execute()
    await expectKept(a.id, 1)
  })
})
