import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { planOf } from '../../../tests/support/query-plan'
import { createUser } from '../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../../tests/support/swedish-order'
import { ctxFor } from '../context.server'
import { mayCreateAttendance } from './group-creation.server'
import { MENU_GROUP_LIMIT, menuGroupsQuery, sideMenuFor } from './menu.server'

describe('side menu', () => {
  it('lists the organizations the user may create groups in, and the active groups, in Swedish order', async () => {
    const user = await createUser()
    const owner = await createUser()
    for (const name of SWEDISH_SHUFFLED) {
      const org = await createOrganization({ name, groupCreatorIds: [user.id], adminIds: [owner.id] })
      await createGroup(org.id, { ownerId: owner.id, name, memberIds: [user.id] })
    }
    const plain = await createOrganization({ name: 'Aaa, bara medlem', adminIds: [owner.id] })
    await createGroup(plain.id, { ownerId: owner.id, name: 'Aaa vilande', memberIds: [user.id], active: false })

    const menu = await sideMenuFor(ctxFor(user))
    expect(menu.organizations.map((o) => o.name)).toEqual([...SWEDISH_ORDER])
    expect(menu.groups.map((g) => g.name)).toEqual([...SWEDISH_ORDER])
    expect(menu.canCreateGroups).toBe(true)
  })

  it('follows a renamed, deactivated or reactivated group, and a new membership (the copies of migration 033)', async () => {
    const user = await createUser()
    const owner = await createUser()
    const org = await createOrganization({ adminIds: [owner.id] })
    const a = await createGroup(org.id, { ownerId: owner.id, name: 'Bild', memberIds: [user.id] })
    const b = await createGroup(org.id, { ownerId: owner.id, name: 'Musik' })
    const names = async () => (await sideMenuFor(ctxFor(user))).groups.map((g) => g.name)
    expect(await names()).toEqual(['Bild'])
    await db()
      .insertInto('group_members')
      .values({ group_id: b.id, user_id: user.id, role: 'member', created_at: new Date().toISOString() })
      .execute()
    expect(await names()).toEqual(['Bild', 'Musik'])
    // Renamed past the other in Swedish order (Ö after Z), then deactivated and back.
    await db().updateTable('groups').set({ name: 'Öl och bild' }).where('id', '=', a.id).execute()
    expect(await names()).toEqual(['Musik', 'Öl och bild'])
    await db().updateTable('groups').set({ active: 0 }).where('id', '=', b.id).execute()
    expect(await names()).toEqual(['Öl och bild'])
    await db().updateTable('groups').set({ active: 1, name: 'Ämne' }).where('id', '=', b.id).execute()
    expect(await names()).toEqual(['Ämne', 'Öl och bild'])
  })

  it("reads the user's groups as one range of one index, in order: no join, no sort", async () => {
    const plan = await planOf(menuGroupsQuery(db(), 'someone').compile(), { noSort: true })
    expect(plan).toContain('group_members_user_menu')
    expect(plan).not.toMatch(/TEMP B-TREE|Sort|groups/)
  })

  it("gives each group the user's role with its flags from the role table, and nothing else", async () => {
    const user = await createUser()
    const owner = await createUser()
    const org = await createOrganization({ adminIds: [owner.id] })
    await createGroup(org.id, { ownerId: user.id, name: 'A ägd' })
    await createGroup(org.id, { ownerId: owner.id, name: 'B ledd', memberIds: [[user.id, 'leader']] })
    await createGroup(org.id, { ownerId: owner.id, name: 'C följd', memberIds: [[user.id, 'subscriber']] })
    const menu = await sideMenuFor(ctxFor(user))
    expect(menu.groups.map(({ _id, ...g }) => g)).toEqual([
      { name: 'A ägd', role: 'owner', flags: ['owner', 'viewOthers', 'tasks', 'send'] },
      { name: 'B ledd', role: 'leader', flags: ['viewOthers', 'tasks', 'send'] },
      { name: 'C följd', role: 'subscriber', flags: ['viewOthers', 'subscriber'] },
    ])
    // A plain member of the organization may create nothing there.
    expect(menu.organizations).toEqual([])
    expect(menu.canCreateGroups).toBe(false)
    expect(menu.canCreateAttendanceGroups).toBe(false)
  })

  it('lists the first 30 groups and says there are more', async () => {
    const user = await createUser()
    const org = await createOrganization({ adminIds: [user.id] })
    for (let i = 0; i < MENU_GROUP_LIMIT + 1; i++) await createGroup(org.id, { ownerId: user.id, name: `G ${String(i).padStart(2, '0')}` })
    const menu = await sideMenuFor(ctxFor(user))
    expect(menu.groups).toHaveLength(MENU_GROUP_LIMIT)
    expect(menu.moreGroups).toBe(true)
    expect(menu.organizations).toEqual([{ _id: org.id, name: org.name, isAdmin: true, active: true }])
    expect(menu.canCreateAttendanceGroups).toBe(true)
  })

  it('offers attendance groups to admins, and to group creators given the permission, of an active organization only', () => {
    expect(mayCreateAttendance({ role: 'admin', is_group_creator: 0, may_create_attendance: 0, active: 1 })).toBe(true)
    expect(mayCreateAttendance({ role: 'member', is_group_creator: 1, may_create_attendance: 1, active: 1 })).toBe(true)
    expect(mayCreateAttendance({ role: 'member', is_group_creator: 1, may_create_attendance: 0, active: 1 })).toBe(false)
    expect(mayCreateAttendance({ role: 'member', is_group_creator: 0, may_create_attendance: 1, active: 1 })).toBe(false)
    expect(mayCreateAttendance({ role: 'admin', is_group_creator: 1, may_create_attendance: 1, active: 0 })).toBe(false)
  })

  it('shows an inactive organization to its admins, marked, with nothing to create in it', async () => {
    const user = await createUser()
    const org = await createOrganization({ adminIds: [user.id], active: false })
    const menu = await sideMenuFor(ctxFor(user))
    expect(menu.organizations).toMatchObject([{ _id: org.id, active: false }])
    expect(menu.canCreateGroups).toBe(false)
  })
})
