import { describe, expect, it } from 'vitest'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { addMember, createGroup, createMembers, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { MY_GROUP_SORTS } from './my-groups.schemas'
import {
  listMyGroups,
  mayCreateGroups,
  MEMBERS_PREVIEW_LIMIT,
  myGroupOrganizations,
  myGroupsForApi,
  populateOf,
  type MyGroupsQuery,
} from './my-groups.server'

const ctx = (actor: User) => ctxFor(actor)
const query = (over: Partial<MyGroupsQuery> = {}): MyGroupsQuery => ({ q: '', sort: 'name', dir: 'asc', page: 1, pageSize: 25, ...over })

/** Me in three groups of two organizations with different roles, and a group I am not in. */
async function setup() {
  const me = await createUser({ name: 'Maja Me' })
  const owner = await createUser({ name: 'Olle Owner' })
  const a = await createOrganization({ name: 'Alfa skolan' })
  const b = await createOrganization({ name: 'Öst skolan' })
  const chess = await createGroup(a.id, { ownerId: me.id, name: 'Schack' })
  const art = await createGroup(a.id, { ownerId: owner.id, name: 'Bild', memberIds: [[me.id, 'leader']], active: false })
  const choir = await createGroup(b.id, { ownerId: owner.id, name: 'Ängel kör', memberIds: [[me.id, 'subscriber']] })
  const notMine = await createGroup(a.id, { ownerId: owner.id, name: 'Annan' })
  return { me, owner, a, b, chess, art, choir, notMine }
}

describe('listMyGroups', () => {
  it("lists only the actor's groups, with organization, owner, role, members and active", async () => {
    const { me, a, art } = await setup()
    const page = await listMyGroups(ctx(me), query())
    expect(page.items.map((g) => g.name)).toEqual(['Bild', 'Schack', 'Ängel kör'])
    expect(page.total).toBe(3)
    const bild = page.items[0]
    expect(bild).toMatchObject({
      _id: art.id,
      active: false,
      memberCount: 2,
      owner: { name: 'Olle Owner' },
      parent_org_: { _id: a.id, name: 'Alfa skolan', active: true },
      my_role: { name: 'leader', isOwner: false, isSubscriber: false },
    })
    expect(bild.my_role.permissions['tasks.edit']).toBe(true)
  })

  it('searches, filters by organization and active flag, sorts and pages', async () => {
    const { me, b } = await setup()
    const names = async (over: Partial<MyGroupsQuery>) => (await listMyGroups(ctx(me), query(over))).items.map((g) => g.name)
    expect(await names({ q: 'SCH' })).toEqual(['Schack'])
    expect(await names({ q: '%' })).toEqual([])
    expect(await names({ organizationId: b.id })).toEqual(['Ängel kör'])
    expect(await names({ active: false })).toEqual(['Bild'])
    expect(await names({ active: true, dir: 'desc' })).toEqual(['Ängel kör', 'Schack'])
    expect(await names({ sort: 'role' })).toEqual(['Schack', 'Bild', 'Ängel kör'])
    expect((await names({ sort: 'organization', dir: 'desc' }))[0]).toBe('Ängel kör')
    expect((await names({ sort: 'organization' }))[2]).toBe('Ängel kör')
    const second = await listMyGroups(ctx(me), query({ pageSize: 2, page: 2 }))
    expect(second.items.map((g) => g.name)).toEqual(['Ängel kör'])
    expect(second.total).toBe(3)
  })

  it('pages every sort in both directions as one list: each page of one is the same slice of the whole, with filters', async () => {
    const { me, owner, a } = await setup()
    await createGroup(a.id, { ownerId: owner.id, name: 'Bild 2', memberIds: [[me.id, 'member']] })
    for (const sort of MY_GROUP_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const filter of [{}, { organizationId: a.id }, { q: 'bild' }]) {
          const whole = (await listMyGroups(ctx(me), query({ sort, dir, ...filter }))).items.map((g) => g.name)
          const paged: string[] = []
          for (let page = 1; page <= 3; page++) {
            paged.push(...(await listMyGroups(ctx(me), query({ sort, dir, ...filter, page, pageSize: 1 }))).items.map((g) => g.name))
          }
          expect(paged, `${sort} ${dir} ${JSON.stringify(filter)}`).toEqual(whole.slice(0, 3))
        }
      }
    }
  })

  it('offers the organizations of my groups as filters, and says whether I may create groups', async () => {
    const { me, a, b } = await setup()
    expect(await myGroupOrganizations(ctx(me))).toEqual([
      { _id: a.id, name: 'Alfa skolan' },
      { _id: b.id, name: 'Öst skolan' },
    ])
    expect(await mayCreateGroups(ctx(me))).toBe(false)
    await addMember(a.id, me.id, { groupCreator: true })
    expect(await mayCreateGroups(ctx(me))).toBe(true)
    const stranger = await createUser()
    expect((await listMyGroups(ctx(stranger), query())).total).toBe(0)
  })
})

describe('GET /api/v3/groups service', () => {
  it('answers the exact keys of spec section 3, populated when asked', async () => {
    const { me, owner, a, chess, art } = await setup()
    const groups = await myGroupsForApi(ctx(me), ['parent_org_', 'owner'])
    expect(groups).toHaveLength(3)
    for (const g of groups) {
      expect(Object.keys(g).sort()).toEqual([
        '_id',
        'active',
        'created',
        'memberCount',
        'members_',
        'my_role',
        'name',
        'owner',
        'parent_org_',
      ])
      expect(Object.keys(g.my_role).sort()).toEqual(['isOwner', 'isSubscriber', 'name', 'permissions'])
      expect(Object.keys(g.my_role.permissions).sort()).toEqual(['reports.send', 'reports.view_others', 'tasks.create', 'tasks.edit'])
    }
    const bild = groups.find((g) => g._id === art.id)!
    expect(bild.owner).toEqual({ _id: owner.id, name: 'Olle Owner', email: owner.email })
    expect(bild.parent_org_).toEqual({ _id: a.id, name: 'Alfa skolan', active: true })
    expect(bild.members_).toEqual([{ user: owner.id }, { user: me.id }])
    const schack = groups.find((g) => g._id === chess.id)!
    expect(schack.my_role).toMatchObject({ name: 'owner', isOwner: true })

    const bare = await myGroupsForApi(ctx(me), [])
    expect(bare.find((g) => g._id === art.id)).toMatchObject({ owner: owner.id, parent_org_: a.id })
  })

  it('lists at most MEMBERS_PREVIEW_LIMIT members, the owner first, with the true count', async () => {
    const me = await createUser()
    const org = await createOrganization()
    const ids = await createMembers(org.id, MEMBERS_PREVIEW_LIMIT + 15)
    const group = await createGroup(org.id, { ownerId: ids[ids.length - 1], memberIds: [me.id, ...ids.slice(0, -1)] })
    const [g] = await myGroupsForApi(ctx(me), [])
    expect(g._id).toBe(group.id)
    expect(g.memberCount).toBe(MEMBERS_PREVIEW_LIMIT + 16)
    expect(g.members_).toHaveLength(MEMBERS_PREVIEW_LIMIT)
    expect(g.members_[0]).toEqual({ user: ids[ids.length - 1] })
    expect(new Set(g.members_.map((m) => m.user)).size).toBe(MEMBERS_PREVIEW_LIMIT)
  })

  it('reads populate[] in its usual forms', () => {
    expect(populateOf(new URLSearchParams('populate[0]=parent_org_&populate[1]=owner'))).toEqual(['parent_org_', 'owner'])
    expect(populateOf(new URLSearchParams('populate[]=owner'))).toEqual(['owner'])
    expect(populateOf(new URLSearchParams('populate=owner,parent_org_,password_hash'))).toEqual(['parent_org_', 'owner'])
    expect(populateOf(new URLSearchParams('other=owner'))).toEqual([])
  })
})
