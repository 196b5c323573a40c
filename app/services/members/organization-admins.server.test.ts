import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { expectCode } from '../../../tests/support/expect-code'
import { createUser } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { addOrganizationAdmins, removeOrganizationAdmins } from './organization-admins.server'

const ctx = (actor: User) => ctxFor(actor)
const roleOf = async (orgId: string, userId: string) =>
  (
    await db()
      .selectFrom('organization_members')
      .select('role')
      .where('organization_id', '=', orgId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.role
const lastAudit = (orgId: string) =>
  db().selectFrom('audit_log').selectAll().where('organization_id', '=', orgId).orderBy('created_at', 'desc').executeTakeFirstOrThrow()

describe('organization admins', () => {
  it('an admin makes members admins and takes the role away again, audited; they stay members', async () => {
    const admin = await createUser()
    const member = await createUser()
    const creator = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id], groupCreatorIds: [creator.id] })
    expect(await addOrganizationAdmins(ctx(admin), org.id, [member.id, creator.id, admin.id, 'nobody'])).toEqual([
      { _id: member.id, result: 'SUCCESS' },
      { _id: creator.id, result: 'SUCCESS' },
      { _id: admin.id, result: 'ALREADY_ORGANIZATION_ADMIN' },
      { _id: 'nobody', result: 'MEMBER_NOT_FOUND' },
    ])
    expect(await roleOf(org.id, member.id)).toBe('admin')
    const added = await lastAudit(org.id)
    expect(added.action).toBe('admins.add')
    expect(added.actor_id).toBe(admin.id)
    expect(JSON.parse(added.result)).toMatchObject({ SUCCESS: 2, ALREADY_ORGANIZATION_ADMIN: 1, MEMBER_NOT_FOUND: 1 })

    // The new admin may now do it too: takes the first admin's role away.
    expect(await removeOrganizationAdmins(ctx(member), org.id, [admin.id, 'nobody'])).toEqual([
      { _id: admin.id, result: 'SUCCESS' },
      { _id: 'nobody', result: 'MEMBER_NOT_FOUND' },
    ])
    expect(await roleOf(org.id, admin.id)).toBe('member')
    expect((await lastAudit(org.id)).action).toBe('admins.remove')
    expect(await removeOrganizationAdmins(ctx(member), org.id, [admin.id])).toEqual([{ _id: admin.id, result: 'NOT_ORGANIZATION_ADMIN' }])
  })

  it('never takes the role from the last admin, even when all admins are chosen at once', async () => {
    const a = await createUser()
    const b = await createUser()
    const org = await createOrganization({ adminIds: [a.id, b.id] })
    expect(await removeOrganizationAdmins(ctx(a), org.id, [a.id, b.id])).toEqual([
      { _id: a.id, result: 'SUCCESS' },
      { _id: b.id, result: 'LAST_ADMIN' },
    ])
    expect(await roleOf(org.id, b.id)).toBe('admin')
    expect(await removeOrganizationAdmins(ctx(b), org.id, [b.id])).toEqual([{ _id: b.id, result: 'LAST_ADMIN' }])
  })

  it('refuses plain members, group creators and another organization’s admins, and changes nothing', async () => {
    const admin = await createUser()
    const member = await createUser()
    const creator = await createUser()
    const otherAdmin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id], groupCreatorIds: [creator.id] })
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const actor of [member, creator, otherAdmin]) {
      await expectCode(addOrganizationAdmins(ctx(actor), org.id, [actor.id, member.id]), 'ORGANIZATION_NOT_FOUND')
      await expectCode(removeOrganizationAdmins(ctx(actor), org.id, [admin.id]), 'ORGANIZATION_NOT_FOUND')
    }
    expect(await roleOf(org.id, member.id)).toBe('member')
    expect(await roleOf(org.id, admin.id)).toBe('admin')
    // Another organization's admin cannot be changed through this one.
    expect(await addOrganizationAdmins(ctx(admin), org.id, [otherAdmin.id])).toEqual([{ _id: otherAdmin.id, result: 'MEMBER_NOT_FOUND' }])
  })
})
