import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { newId, nowIso } from '~/utils/ids.server'
import { createUser } from '../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import {
  getOrganizationHome,
  getOrganizationName,
  listMyOrganizations,
  renameOrganization,
  setOrganizationActive,
  updateOrganizationContact,
} from './organizations.server'
import { expectCode } from '../../../tests/support/expect-code'
import { DomainError } from '~/errors'
import { beforeFirstTransaction } from '../../../tests/support/db-faults'
import { mayCreateAttendanceGroup } from '../groups/group-creation.server'
import { changeGroupOwners } from '../groups/group-owners.server'
import { createGroupWithMemberEmails, createGroupWithMembers } from '../groups/group-with-members.server'
import { deleteGroups, setGroupsActive } from '../groups/group-bulk.server'
import { createGroupInvitation, createInvitation } from '../invitations/invitations.server'
import { redeemInvitationCode } from '../invitations/invitation-redemption.server'
import { resendInvitation, revokeInvitation } from '../invitations/invitation-admin.server'
import { addGroupCreators, addGroupCreatorsByEmail, removeGroupCreators } from '../members/group-creators.server'
import { exportMembersCsv } from '../members/member-csv.server'
import { removeMembers } from '../members/member-removal.server'
import { sideMenuFor } from '../groups/menu.server'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../../tests/support/swedish-order'

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

describe('an inactive organization (docs/organizations.md)', () => {
  /** Everything of the organization a refused call could have changed. */
  const stateOf = async (orgId: string) => ({
    members: await db()
      .selectFrom('organization_members')
      .select(['user_id', 'role', 'is_group_creator'])
      .where('organization_id', '=', orgId)
      .orderBy('user_id')
      .execute(),
    groups: await db()
      .selectFrom('groups')
      .select(['id', 'owner_id', 'active', 'member_count'])
      .where('organization_id', '=', orgId)
      .orderBy('id')
      .execute(),
    groupMembers: await db()
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['gm.group_id', 'gm.user_id', 'gm.role'])
      .where('g.organization_id', '=', orgId)
      .orderBy('gm.group_id')
      .orderBy('gm.user_id')
      .execute(),
    invitations: await db()
      .selectFrom('invitations')
      .select(['id', 'code_hash', 'expires_at', 'used_at', 'revoked_at'])
      .where('organization_id', '=', orgId)
      .orderBy('id')
      .execute(),
    audit: await db().selectFrom('audit_log').select('id').where('organization_id', '=', orgId).orderBy('id').execute(),
  })

  async function inactiveOrganization() {
    const admin = await createUser()
    const [member, creator, joiner] = [await createUser(), await createUser(), await createUser()]
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id], groupCreatorIds: [creator.id] })
    const group = await createGroup(org.id, { ownerId: admin.id, memberIds: [member.id] })
    const sleeping = await createGroup(org.id, { ownerId: admin.id, active: false })
    // Codes handed out while it was active.
    const open = await createInvitation(ctx(admin), org.id, { type: 'open', groupCreator: true })
    const byEmail = await createInvitation(ctx(admin), org.id, { type: 'email', email: joiner.email, groupCreator: true })
    const toGroup = await createGroupInvitation(ctx(admin), group.id)
    await setOrganizationActive(ctx(admin), org.id, false)
    return { admin, member, creator, joiner, org, group, sleeping, open, byEmail, toGroup }
  }

  it('refuses what would add to it, with ORGANIZATION_INACTIVE, and changes nothing', async () => {
    const { admin, member, creator, joiner, org, group, sleeping, open, byEmail, toGroup } = await inactiveOrganization()
    const before = await stateOf(org.id)
    const refused: [string, () => Promise<unknown>][] = [
      ['redeem an open code', () => redeemInvitationCode(ctx(joiner), open.code)],
      ['redeem an email code', () => redeemInvitationCode(ctx(joiner), byEmail.code)],
      ['redeem a group code', () => redeemInvitationCode(ctx(joiner), toGroup.code)],
      [
        'create a group',
        () =>
          createGroupWithMembers(ctx(admin), org.id, {
            name: 'New',
            kind: 'standard',
            groupOwnerId: admin.id,
            memberIdsWithRoles: { [member.id]: 'member' },
          }),
      ],
      [
        'create a group by email',
        () => createGroupWithMemberEmails(ctx(admin), org.id, { name: 'New', kind: 'attendance', ownerEmail: admin.email, members: [] }),
      ],
      [
        'change owners',
        () => changeGroupOwners(ctx(admin), org.id, [{ groupId: group.id, newOwnerId: member.id, oldOwnerRole: 'member' }]),
      ],
      ['activate groups', () => setGroupsActive(ctx(admin), org.id, [sleeping.id], true)],
      ['add group creators', () => addGroupCreators(ctx(admin), org.id, [member.id])],
      ['add group creators by email', () => addGroupCreatorsByEmail(ctx(admin), org.id, [member.email])],
      ['invite a group creator', () => createInvitation(ctx(admin), org.id, { type: 'open', groupCreator: true })],
      ['invite to a group', () => createGroupInvitation(ctx(admin), group.id)],
      ['resend an invitation', () => resendInvitation(ctx(admin), byEmail.invitation._id)],
    ]
    for (const [what, call] of refused) {
      const code = await call().then(
        () => 'done',
        (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
      )
      expect(code, what).toBe('ORGANIZATION_INACTIVE')
    }
    expect(await stateOf(org.id)).toEqual(before)
    expect(await mayCreateAttendanceGroup(ctx(admin), org.id)).toBe(false)
    // A group creator is no longer offered it; its admin still finds it.
    expect((await sideMenuFor(ctx(creator))).organizations).toEqual([])
    expect((await sideMenuFor(ctx(creator))).canCreateGroups).toBe(false)
    expect((await sideMenuFor(ctx(admin))).organizations).toEqual([expect.objectContaining({ _id: org.id, active: false })])
  })

  it('lets its admins see it, tidy it up and reactivate it; then its codes work again', async () => {
    const { admin, member, creator, joiner, org, group, sleeping, open, byEmail } = await inactiveOrganization()
    expect((await getOrganizationHome(ctx(admin), org.id)).organization.active).toBe(false)
    expect(await exportMembersCsv(ctx(admin), org.id, { q: '', sort: 'name', dir: 'asc' })).toContain(member.email)
    await renameOrganization(ctx(admin), org.id, 'Sovande skolan')
    await updateOrganizationContact(ctx(admin), org.id, { name: 'Kontakt' })
    expect(await removeGroupCreators(ctx(admin), org.id, [creator.id])).toEqual([{ _id: creator.id, result: 'SUCCESS' }])
    expect(await setGroupsActive(ctx(admin), org.id, [group.id], false)).toEqual([{ _id: group.id, result: 'SUCCESS' }])
    expect(await deleteGroups(ctx(admin), org.id, [sleeping.id])).toEqual([{ _id: sleeping.id, result: 'SUCCESS' }])
    expect(await removeMembers(ctx(admin), org.id, [creator.id])).toEqual([{ _id: creator.id, result: 'SUCCESS' }])
    await revokeInvitation(ctx(admin), byEmail.invitation._id)

    await setOrganizationActive(ctx(admin), org.id, true)
    expect(await redeemInvitationCode(ctx(joiner), open.code)).toMatchObject({ name: 'Sovande skolan' })
  })

  it('creates no group when the organization is deactivated between the request and the group’s transaction', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const racing = beforeFirstTransaction(db(), () => setOrganizationActive(ctx(admin), org.id, false))
    await expectCode(
      createGroupWithMembers({ ...ctx(admin), db: racing }, org.id, {
        name: 'Late',
        kind: 'standard',
        groupOwnerId: admin.id,
        memberIdsWithRoles: {},
      }),
      'ORGANIZATION_INACTIVE',
    )
    expect(await db().selectFrom('groups').select('id').where('organization_id', '=', org.id).execute()).toEqual([])
  })

  it('answers an owner change that finds it deactivated meanwhile with ORGANIZATION_INACTIVE per item', async () => {
    const admin = await createUser()
    const member = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    const group = await createGroup(org.id, { ownerId: admin.id })
    const racing = beforeFirstTransaction(db(), () => setOrganizationActive(ctx(admin), org.id, false))
    const results = await changeGroupOwners({ ...ctx(admin), db: racing }, org.id, [
      { groupId: group.id, newOwnerId: member.id, oldOwnerRole: 'member' },
    ])
    expect(results).toEqual([{ _id: group.id, result: 'ORGANIZATION_INACTIVE', group: null, oldOwnerRemoved: false }])
    expect((await db().selectFrom('groups').select('owner_id').where('id', '=', group.id).executeTakeFirstOrThrow()).owner_id).toBe(
      admin.id,
    )
  })
})
