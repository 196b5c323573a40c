import { describe, expect, it } from 'vitest'
import { createUser } from '../../tests/support/factories'
import { createGroup, createOrganization } from '../../tests/support/org-factories'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../tests/support/swedish-order'
import { ctxFor } from './context.server'
import { sideMenuFor } from './menu.server'

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
})
