import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { expectCode } from '../../../tests/support/expect-code'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../tests/support/factories'
import { addMember, createGroup, createOrganization } from '../../../tests/support/org-factories'
import * as createGroupApi from '../../routes/api/organizations/create-group'
import { grantAttendancePermission, revokeAttendancePermission } from '../members/attendance-permission.server'
import { ctxFor } from '../context.server'
import {
  CREATOR_GROUPS_SHOWN,
  defaultGroupName,
  getGroupCreatorHome,
  mayCreateAttendanceGroup,
  organizationsWhereUserMayCreate,
  organizationsWhereUserMayCreateAttendance,
} from './group-creation.server'
import { createGroupWithMembers } from './group-with-members.server'
import { addGroupCreators } from '../members/group-creators.server'
import { getOrganizationSummary } from '../organizations/organizations.server'

const ctx = (user: { id: string }) => ctxFor(user as never)
const alertsOf = (userId: string) => db().selectFrom('alerts').selectAll().where('user_id', '=', userId).execute()

async function setup() {
  const admin = await createUser({ name: 'Ada Admin' })
  const creator = await createUser({ name: 'Cecilia Creator' })
  const plainCreator = await createUser({ name: 'Petra Plain' })
  const member = await createUser({ name: 'Morgan Member' })
  const org = await createOrganization({ name: 'Riverside', adminIds: [admin.id], memberIds: [member.id], groupCreatorIds: [creator.id] })
  await addMember(org.id, plainCreator.id, { groupCreator: true, attendance: false })
  return { admin, creator, plainCreator, member, org }
}

describe('the attendance permission', () => {
  it('is for admins and permitted group creators of active organizations', async () => {
    const { admin, creator, plainCreator, member, org } = await setup()
    expect(await mayCreateAttendanceGroup(ctx(admin), org.id)).toBe(true)
    expect(await mayCreateAttendanceGroup(ctx(creator), org.id)).toBe(true)
    expect(await mayCreateAttendanceGroup(ctx(plainCreator), org.id)).toBe(false)
    expect(await mayCreateAttendanceGroup(ctx(member), org.id)).toBe(false)
    expect(await organizationsWhereUserMayCreateAttendance(ctx(plainCreator))).toEqual([])
    expect(await organizationsWhereUserMayCreate(ctx(plainCreator))).toEqual([
      { _id: org.id, name: 'Riverside', isAdmin: false, mayCreateAttendance: false },
    ])
    expect(await organizationsWhereUserMayCreate(ctx(member))).toEqual([])
  })

  it('is granted and revoked per member with per-item results and audit entries', async () => {
    const { admin, creator, plainCreator, member, org } = await setup()
    const granted = await grantAttendancePermission(ctx(admin), org.id, [plainCreator.id, creator.id, member.id, admin.id, 'nobody'])
    expect(granted.map((r) => r.result)).toEqual([
      'SUCCESS',
      'ALREADY_ATTENDANCE_CREATOR',
      'NOT_GROUP_CREATOR',
      'IS_ORGANIZATION_ADMIN',
      'MEMBER_NOT_FOUND',
    ])
    expect(await mayCreateAttendanceGroup(ctx(plainCreator), org.id)).toBe(true)
    const revoked = await revokeAttendancePermission(ctx(admin), org.id, [plainCreator.id, plainCreator.id])
    expect(revoked).toEqual([{ _id: plainCreator.id, result: 'SUCCESS' }])
    expect(await mayCreateAttendanceGroup(ctx(plainCreator), org.id)).toBe(false)
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('organization_id', '=', org.id)
      .orderBy('created_at')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['attendance.grant', 'attendance.revoke'])
    expect(audit.every((a) => a.actor_id === admin.id)).toBe(true)
  })

  it('is only for the organization’s admins to change', async () => {
    const { creator, plainCreator, org } = await setup()
    const otherAdmin = await createUser()
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const user of [creator, otherAdmin])
      await expect(grantAttendancePermission(ctx(user), org.id, [plainCreator.id])).rejects.toMatchObject({
        code: 'ORGANIZATION_NOT_FOUND',
      })
  })

  it('is refused by the server without it; a plain member may not create groups at all', async () => {
    const { plainCreator, member, org } = await setup()
    const input = { kind: 'attendance' as const, groupOwnerId: plainCreator.id, memberIdsWithRoles: {} }
    await expect(createGroupWithMembers(ctx(plainCreator), org.id, input)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    const standard = await createGroupWithMembers(ctx(plainCreator), org.id, { ...input, kind: 'standard', name: 'Choir' })
    expect(standard.group).toMatchObject({ name: 'Choir', kind: 'standard' })
    await expect(
      createGroupWithMembers(ctx(member), org.id, { ...input, kind: 'standard', groupOwnerId: member.id }),
    ).rejects.toMatchObject({ code: 'ORGANIZATION_NOT_FOUND' })
  })

  it('goes with the group-creator right when that is removed', async () => {
    const { admin, creator, org } = await setup()
    const { removeGroupCreators } = await import('../members/group-creators.server')
    await removeGroupCreators(ctx(admin), org.id, [creator.id])
    await addGroupCreators(ctx(admin), org.id, [creator.id])
    expect(await mayCreateAttendanceGroup(ctx(creator), org.id)).toBe(false)
  })
})

describe('creating a group as a group creator', () => {
  it('accepts the specification payload without a name: a default name in the owner’s language, alerts to the added', async () => {
    const { creator, member, admin, org } = await setup()
    await db().updateTable('users').set({ locale: 'en', timezone: 'Europe/London' }).where('id', '=', member.id).execute()
    const response = (await createGroupApi.action(
      args(
        makeRequest(`/api/v1/organizations/${org.id}/create-group-with-members`, {
          json: {
            organizationId: org.id,
            groupOwnerId: member.id,
            memberIdsWithRoles: { [admin.id]: 'leader', [creator.id]: 'member', stranger: 'member' },
          },
          cookie: await sessionCookieFor(creator),
        }),
        { organizationId: org.id },
      ),
    )) as Response
    expect(response.status).toBe(201)
    const body = await response.json()
    expect(body.group.name).toMatch(/^Group \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(body.group.owner._id).toBe(member.id)
    expect(body.membersResults).toEqual([
      { _id: admin.id, result: 'SUCCESS' },
      { _id: creator.id, result: 'SUCCESS' },
      { _id: 'stranger', result: 'MEMBER_NOT_FOUND' },
    ])
    // group.member.added to everyone added but the actor (the creator), naming the group and the role given.
    for (const [user, role] of [
      [member, 'owner'],
      [admin, 'leader'],
    ] as const) {
      const [alert] = await alertsOf(user.id)
      expect(alert).toMatchObject({
        template: 'group.member.added',
        target_type: 'group',
        target_id: body.group._id,
        organization_id: org.id,
        actor_id: creator.id,
      })
      expect(JSON.parse(alert.data)).toEqual({ groupName: body.group.name, role })
    }
    expect(await alertsOf(creator.id)).toEqual([])
  })

  it('names the default in Swedish at the minute of creation in the owner’s time zone', () => {
    const at = new Date(Date.UTC(2026, 10, 24, 13, 5))
    expect(defaultGroupName('sv', 'Europe/Stockholm', at)).toBe('Grupp 2026-11-24 14:05')
    expect(defaultGroupName('en', 'Europe/London', at)).toBe('Group 2026-11-24 13:05')
    expect(defaultGroupName('xx', 'Not/AZone', at)).toBe('Grupp 2026-11-24 14:05')
  })
})

describe('the organization.groupCreator.added alert', () => {
  it('reaches a member made group creator, in the change, and not when unsubscribed', async () => {
    const { admin, member, org } = await setup()
    const other = await createUser()
    await addMember(org.id, other.id)
    await db()
      .updateTable('users')
      .set({ unsubscribed_templates: JSON.stringify(['organization.groupCreator.added']) })
      .where('id', '=', other.id)
      .execute()
    const results = await addGroupCreators(ctx(admin), org.id, [member.id, other.id])
    expect(results.map((r) => r.result)).toEqual(['SUCCESS', 'SUCCESS'])
    const [alert, ...rest] = await alertsOf(member.id)
    expect(rest).toEqual([])
    expect(alert).toMatchObject({
      template: 'organization.groupCreator.added',
      target_type: 'organization',
      target_id: org.id,
      actor_id: admin.id,
    })
    expect(JSON.parse(alert.data)).toEqual({ organizationName: 'Riverside' })
    expect(await alertsOf(other.id)).toEqual([])
    // Already a group creator: no second alert.
    await addGroupCreators(ctx(admin), org.id, [member.id])
    expect(await alertsOf(member.id)).toHaveLength(1)
  })
})

describe('an organization as its group creators see it (/organizations/:id)', () => {
  it('names it, says what they may create there, and lists their own groups in it only', async () => {
    const { admin, creator, plainCreator, member, org } = await setup()
    const mine = await createGroup(org.id, { ownerId: creator.id, name: 'Bild 7A' })
    await createGroup(org.id, { ownerId: admin.id, name: 'Not mine' })
    await createGroup(org.id, { ownerId: member.id, name: 'Kör', memberIds: [[creator.id, 'leader']] })
    await createGroup((await createOrganization()).id, { ownerId: creator.id, name: 'Elsewhere' })
    const home = await getGroupCreatorHome(ctx(creator), org.id)
    expect(home.organization).toEqual({ _id: org.id, name: 'Riverside', active: true, mayCreate: true, mayCreateAttendance: true })
    expect(home.groups).toEqual({
      items: [
        { _id: mine.id, name: 'Bild 7A', role: 'owner', active: true, memberCount: 1 },
        { _id: expect.any(String), name: 'Kör', role: 'leader', active: true, memberCount: 2 },
      ],
      total: 2,
    })
    expect((await getGroupCreatorHome(ctx(plainCreator), org.id)).organization.mayCreateAttendance).toBe(false)
    expect(await getOrganizationSummary(ctx(creator), org.id)).toEqual({ name: 'Riverside', active: true, access: 'groupCreator' })
    expect(await getOrganizationSummary(ctx(admin), org.id)).toEqual({ name: 'Riverside', active: true, access: 'admin' })
  })

  it('lists at most CREATOR_GROUPS_SHOWN groups, with the true total', async () => {
    const { creator, org } = await setup()
    for (let i = 0; i <= CREATOR_GROUPS_SHOWN; i++)
      await createGroup(org.id, { ownerId: creator.id, name: `G${String(i).padStart(2, '0')}` })
    const home = await getGroupCreatorHome(ctx(creator), org.id)
    expect(home.groups.items).toHaveLength(CREATOR_GROUPS_SHOWN)
    expect(home.groups.total).toBe(CREATOR_GROUPS_SHOWN + 1)
  })

  it('an inactive organization: nothing may be created', async () => {
    const { creator, org } = await setup()
    await db().updateTable('organizations').set({ active: 0 }).where('id', '=', org.id).execute()
    expect((await getGroupCreatorHome(ctx(creator), org.id)).organization).toMatchObject({
      active: false,
      mayCreate: false,
      mayCreateAttendance: false,
    })
  })

  it('is not found for a plain member, an outsider, an unknown id; an admin is not a group creator here', async () => {
    const { admin, member, org } = await setup()
    for (const actor of [member, await createUser(), admin])
      await expectCode(getGroupCreatorHome(ctx(actor), org.id), 'ORGANIZATION_NOT_FOUND')
    await expectCode(getOrganizationSummary(ctx(member), org.id), 'ORGANIZATION_NOT_FOUND')
  })
})
