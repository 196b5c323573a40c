import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { newId, nowIso } from '~/utils/ids.server'
import { createUser } from '../../tests/support/factories'
import { createGroup, createOrganization } from '../../tests/support/org-factories'
import { ctxFor } from './context.server'
import {
  getOrganizationHome,
  getOrganizationName,
  listMyOrganizations,
  renameOrganization,
  setOrganizationActive,
  updateOrganizationContact,
} from './organizations.server'
import { expectCode } from '../../tests/support/expect-code'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../tests/support/swedish-order'

const ctx = (actor: User, now = new Date()) => ({ ...ctxFor(actor), now })


describe('listMyOrganizations', () => {
  it('lists the organizations the actor administers or may create groups in, with the access and spec shape', async () => {
    const me = await createUser()
    const other = await createUser()
    const administered = await createOrganization({ name: 'B-skolan', adminIds: [me.id], groupCreatorIds: [other.id] })
    const creating = await createOrganization({ name: 'A-skolan', adminIds: [other.id], groupCreatorIds: [me.id], active: false })
    await createOrganization({ name: 'C-skolan', adminIds: [other.id], memberIds: [me.id] }) // plain member: not listed
    await createOrganization({ name: 'D-skolan', adminIds: [other.id] }) // not a member

    const list = await listMyOrganizations(ctx(me))
    expect(list).toEqual([
      {
        _id: creating.id,
        name: 'A-skolan',
        created: creating.created_at,
        active: false,
        contact: {},
        groupCreators: [me.id],
        access: 'groupCreator',
      },
      {
        _id: administered.id,
        name: 'B-skolan',
        created: administered.created_at,
        active: true,
        contact: {},
        groupCreators: [other.id],
        access: 'admin',
      },
    ])
  })

  it('gives an empty list to a user without such access', async () => {
    expect(await listMyOrganizations(ctx(await createUser()))).toEqual([])
  })
})

describe('listMyOrganizations order', () => {
  it('sorts organization names in Swedish order (å, ä, ö after z)', async () => {
    const admin = await createUser()
    for (const name of SWEDISH_SHUFFLED) await createOrganization({ name: `${name} skola`, adminIds: [admin.id] })
    expect((await listMyOrganizations(ctx(admin))).map((o) => o.name)).toEqual(SWEDISH_ORDER.map((n) => `${n} skola`))
  })
})

describe('organization access', () => {
  it('answers ORGANIZATION_NOT_FOUND to a plain member, a group creator, another organization’s admin and an unknown id', async () => {
    const admin = await createUser()
    const member = await createUser()
    const creator = await createUser()
    const otherAdmin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id], groupCreatorIds: [creator.id] })
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const actor of [member, creator, otherAdmin]) {
      await expectCode(getOrganizationName(ctx(actor), org.id), 'ORGANIZATION_NOT_FOUND')
      await expectCode(getOrganizationHome(ctx(actor), org.id), 'ORGANIZATION_NOT_FOUND')
      await expectCode(setOrganizationActive(ctx(actor), org.id, false), 'ORGANIZATION_NOT_FOUND')
      await expectCode(renameOrganization(ctx(actor), org.id, 'Hacked'), 'ORGANIZATION_NOT_FOUND')
      await expectCode(updateOrganizationContact(ctx(actor), org.id, { email: 'x@example.se' }), 'ORGANIZATION_NOT_FOUND')
    }
    await expectCode(getOrganizationName(ctx(admin), newId()), 'ORGANIZATION_NOT_FOUND')
    const row = await db().selectFrom('organizations').selectAll().where('id', '=', org.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ name: org.name, active: 1, contact: '{}' })
    expect(await getOrganizationName(ctx(admin), org.id)).toBe(org.name)
  })
})

describe('organization changes', () => {
  it('toggles active, renames and replaces the contact, each with an audit entry shown on the home', async () => {
    const admin = await createUser({ name: 'Astrid Admin' })
    const org = await createOrganization({ adminIds: [admin.id], contact: { phone: '08-123' } })

    const at = (s: number) => ctx(admin, new Date(Date.UTC(2026, 0, 1, 12, 0, s)))
    const inactive = await setOrganizationActive(at(1), org.id, false)
    expect(inactive).toMatchObject({ _id: org.id, active: false })
    const renamed = await renameOrganization(at(2), org.id, '  Nya skolan  ')
    expect(renamed.name).toBe('Nya skolan')
    const contacted = await updateOrganizationContact(at(3), org.id, { name: 'Rektor', email: 'rektor@example.se', phone: ' ' })
    expect(contacted.contact).toEqual({ name: 'Rektor', email: 'rektor@example.se' })
    expect(contacted).toMatchObject({ active: false, name: 'Nya skolan' })

    const home = await getOrganizationHome(ctx(admin), org.id)
    expect(home.activity.map((a) => a.action)).toEqual(['organization.contact', 'organization.rename', 'organization.setActive'])
    expect(home.activity[2]).toMatchObject({ actorName: 'Astrid Admin', itemCount: 1, result: { SUCCESS: 1, active: false } })
  })

  it('counts members, groups, active groups, group creators and pending invitations', async () => {
    const admin = await createUser()
    const [a, b, c] = [await createUser(), await createUser(), await createUser()]
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [a.id], groupCreatorIds: [b.id, c.id] })
    const other = await createOrganization({ adminIds: [a.id] })
    await createGroup(org.id, { ownerId: b.id, memberIds: [a.id] })
    await createGroup(org.id, { ownerId: c.id, active: false })
    await createGroup(other.id, { ownerId: a.id })
    const now = new Date()
    const invitation = (over: Record<string, unknown>) => ({
      id: newId(),
      organization_id: org.id,
      type: 'open' as const,
      code_hash: newId(),
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + 86_400_000)),
      ...over,
    })
    await db()
      .insertInto('invitations')
      .values([
        invitation({}),
        invitation({ type: 'email', email: 'x@example.se' }),
        invitation({ used_at: nowIso(now) }),
        invitation({ revoked_at: nowIso(now) }),
        invitation({ expires_at: nowIso(new Date(now.getTime() - 1000)) }),
        invitation({ organization_id: other.id }),
      ])
      .execute()

    const home = await getOrganizationHome(ctx(admin, now), org.id)
    expect(home.counts).toEqual({ members: 4, groups: 2, activeGroups: 1, groupCreators: 2, pendingInvitations: 2 })
    expect(home.organization.groupCreators.sort()).toEqual([b.id, c.id].sort())
  })
})
