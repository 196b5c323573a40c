import { describe, expect, it } from 'vitest'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { getGroupHome } from './group-home.server'
import { myGroupsForApi } from './my-groups.server'

/**
 * Who sees whose email (docs/group-roles.md): owners, leaders and the organization's admins see
 * the members' email addresses; plain members and subscribers see names and roles only, in every
 * answer that carries a group's members.
 */

const ctx = (actor: User) => ctxFor(actor)
const FIRST = { q: '', sort: 'role', dir: 'asc', page: 1 } as const

async function setup() {
  const [owner, leader, member, subscriber, admin, adminMember] = await Promise.all(
    ['Olga Owner', 'Lars Leader', 'Mia Member', 'Sam Subscriber', 'Ada Admin', 'Mona Admin-Member'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id, adminMember.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    name: 'Schack',
    memberIds: [
      [leader.id, 'leader'],
      [member.id, 'member'],
      [subscriber.id, 'subscriber'],
      // An admin of the organization who is a plain member of the group: their admin role decides.
      [adminMember.id, 'member'],
    ],
  })
  return { owner, leader, member, subscriber, admin, adminMember, group }
}

const ROLES = ['owner', 'leader', 'member', 'subscriber', 'admin', 'adminMember'] as const
const SEES: Record<(typeof ROLES)[number], boolean> = {
  owner: true,
  leader: true,
  member: false,
  subscriber: false,
  admin: true,
  adminMember: true,
}

describe('members’ emails on a group home (getGroupHome)', () => {
  it.each(ROLES)('as %s', async (role) => {
    const fx = await setup()
    const home = await getGroupHome(ctx(fx[role]), fx.group.id, FIRST)
    expect(home.seesEmails).toBe(SEES[role])
    expect(home.members.items).toHaveLength(5)
    for (const m of home.members.items) {
      if (SEES[role]) expect(m.email).toMatch(/@/)
      // No field at all, not an empty one.
      else expect(Object.keys(m).sort()).toEqual(['_id', 'joined', 'name', 'role'])
    }
    if (SEES[role]) expect(home.owner.email).toBe(fx.owner.email)
    else expect(home.owner).toEqual({ _id: fx.owner.id, name: 'Olga Owner' })
    // Nothing of an address in the whole answer.
    const text = JSON.stringify(home)
    for (const person of [fx.owner, fx.leader, fx.member, fx.subscriber]) expect(text.includes(person.email)).toBe(SEES[role])
  })

  it('a plain member searches by name only, and sorting by email sorts by name, so neither tells an address', async () => {
    const fx = await setup()
    const local = fx.leader.email.split('@')[0]
    const byEmail = (actor: User) => getGroupHome(ctx(actor), fx.group.id, { ...FIRST, q: local })
    expect((await byEmail(fx.leader)).members.total).toBe(1)
    expect((await byEmail(fx.member)).members.total).toBe(0)
    expect((await byEmail(fx.subscriber)).members.total).toBe(0)
    expect((await getGroupHome(ctx(fx.member), fx.group.id, { ...FIRST, q: 'lars' })).members.total).toBe(1)
    const names = async (sort: 'name' | 'email') =>
      (await getGroupHome(ctx(fx.member), fx.group.id, { ...FIRST, sort })).members.items.map((m) => m.name)
    expect(await names('email')).toEqual(await names('name'))
  })
})

describe('the owner’s email in GET /api/v3/groups?populate[]=owner (myGroupsForApi)', () => {
  it.each(ROLES.filter((r) => r !== 'admin'))('as %s', async (role) => {
    const fx = await setup()
    const [group] = (await myGroupsForApi(ctx(fx[role]), ['owner'])).filter((g) => g._id === fx.group.id)
    if (SEES[role]) expect(group.owner).toEqual({ _id: fx.owner.id, name: 'Olga Owner', email: fx.owner.email })
    else expect(group.owner).toEqual({ _id: fx.owner.id, name: 'Olga Owner' })
    // members_ carries user ids only.
    expect(Object.keys(group.members_[0])).toEqual(['user'])
  })
})
