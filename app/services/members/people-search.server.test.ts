import { describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { createUser } from '../../../tests/support/factories'
import { addMember, createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { maskEmail, peopleByIds, searchPeople } from './people-search.server'

const ctx = (user: { id: string }) => ctxFor(user as never)

async function setup() {
  // Same names in every test; addresses unique to each, with the parts the masking test reads.
  const tag = randomBytes(3).toString('hex')
  const admin = await createUser({ name: 'Ada Admin', email: `ada.admin.${tag}@example.se` })
  const creator = await createUser({ name: 'Cecilia Creator', email: `cecilia.${tag}@example.se` })
  const erik1 = await createUser({ name: 'Erik Ek', email: `erik.${tag}.ek@example.se` })
  const erik2 = await createUser({ name: 'Erik Ek', email: `ek.erik.${tag}@skolan${tag}.se` })
  const member = await createUser({ name: 'Morgan Member', email: `morgan.${tag}@example.se` })
  const org = await createOrganization({
    name: 'Riverside',
    adminIds: [admin.id],
    memberIds: [erik1.id, erik2.id, member.id],
    groupCreatorIds: [creator.id],
  })
  const outsider = await createUser({ name: 'Erik Outsider', email: `erik.out.${tag}@example.se` })
  const other = await createOrganization({ name: 'Elsewhere', adminIds: [outsider.id] })
  return { tag, admin, creator, erik1, erik2, member, org, outsider, other }
}

describe('searchPeople', () => {
  it('masks an email to its first and last letter and the domain', () => {
    expect(maskEmail('erik.ek@example.se')).toBe('e…k@example.se')
    expect(maskEmail('e@example.se')).toBe('e…@example.se')
    expect(maskEmail('nonsense')).toBe('…')
  })

  it('tells two people of the same name apart: full emails for an admin, masked ones and the organization role for a group creator', async () => {
    const { tag, admin, creator, erik1, erik2, org } = await setup()
    const byAdmin = await searchPeople(ctx(admin), { for: 'new-group', organizationId: org.id }, 'erik')
    expect(byAdmin.map((p) => p.email).sort()).toEqual([erik2.email, erik1.email].sort())
    expect(byAdmin.every((p) => p.name === 'Erik Ek' && !p.emailMasked && p.orgRole === 'member')).toBe(true)
    const byCreator = await searchPeople(ctx(creator), { for: 'new-group', organizationId: org.id }, 'ERIK')
    expect(byCreator.map((p) => p.email).sort()).toEqual(['e…k@example.se', `e…${tag.at(-1)}@skolan${tag}.se`].sort())
    expect(byCreator.every((p) => p.emailMasked)).toBe(true)
    // A creator does not find people by the hidden part of an address, only by a whole one.
    expect(await searchPeople(ctx(creator), { for: 'new-group', organizationId: org.id }, `skolan${tag}`)).toEqual([])
    expect((await searchPeople(ctx(creator), { for: 'new-group', organizationId: org.id }, erik2.email)).map((p) => p._id)).toEqual([
      erik2.id,
    ])
    // An admin finds by any part of an address, and sees each person's organization role.
    expect((await searchPeople(ctx(admin), { for: 'group-owner', organizationId: org.id }, `skolan${tag}`)).map((p) => p._id)).toEqual([
      erik2.id,
    ])
    expect(await searchPeople(ctx(admin), { for: 'group-owner', organizationId: org.id }, 'ceci')).toEqual([
      { _id: creator.id, name: 'Cecilia Creator', email: creator.email, emailMasked: false, orgRole: 'groupCreator' },
    ])
    expect(await searchPeople(ctx(admin), { for: 'group-owner', organizationId: org.id }, '  ')).toEqual([])
  })

  it('never crosses organizations', async () => {
    const { admin, outsider, org, other } = await setup()
    expect((await searchPeople(ctx(admin), { for: 'group-owner', organizationId: org.id }, 'erik')).map((p) => p.name)).not.toContain(
      'Erik Outsider',
    )
    expect(await peopleByIds(ctx(admin), { for: 'group-owner', organizationId: org.id }, [outsider.id])).toEqual([])
    await expect(searchPeople(ctx(admin), { for: 'group-owner', organizationId: other.id }, 'erik')).rejects.toMatchObject({
      code: 'ORGANIZATION_NOT_FOUND',
    })
    await expect(searchPeople(ctx(outsider), { for: 'new-group', organizationId: org.id }, 'erik')).rejects.toMatchObject({
      code: 'ORGANIZATION_NOT_FOUND',
    })
  })

  it('keeps each place’s permission: creators create, admins change owners, owners and leaders invite', async () => {
    const { admin, creator, erik1, erik2, member, org } = await setup()
    await expect(searchPeople(ctx(member), { for: 'new-group', organizationId: org.id }, 'erik')).rejects.toMatchObject({
      code: 'ORGANIZATION_NOT_FOUND',
    })
    await expect(searchPeople(ctx(creator), { for: 'group-owner', organizationId: org.id }, 'erik')).rejects.toMatchObject({
      code: 'ORGANIZATION_NOT_FOUND',
    })
    const group = await createGroup(org.id, { ownerId: creator.id, memberIds: [[erik1.id, 'leader'], member.id] })
    const invite = { for: 'group-invite' as const, groupId: group.id }
    // The group's members are left out: they are in it already. Its owner and leaders see full emails.
    const byLeader = await searchPeople(ctx(erik1), invite, 'e')
    expect(byLeader.map((p) => p._id).sort()).toEqual([admin.id, erik2.id].sort())
    expect(byLeader.every((p) => !p.emailMasked)).toBe(true)
    expect((await searchPeople(ctx(admin), invite, 'erik')).map((p) => p._id)).toEqual([erik2.id])
    await expect(searchPeople(ctx(member), invite, 'erik')).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(searchPeople(ctx(erik2), invite, 'erik')).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
  })

  it('gives the chosen people back in the order asked, within the scope', async () => {
    const { admin, erik1, member, org } = await setup()
    const found = await peopleByIds(ctx(admin), { for: 'new-group', organizationId: org.id }, [member.id, erik1.id, 'nobody', member.id])
    expect(found.map((p) => p._id)).toEqual([member.id, erik1.id])
  })

  it('folds å, ä, ö, é and ü both ways and finds any part of a name or a visible address (issue 35)', async () => {
    const { tag, admin, org } = await setup()
    const asa = await createUser({ name: 'Åsa Öberg', email: `hanna.lindqvist.${tag}@example.se` })
    const gosta = await createUser({ name: 'Gösta Müller', email: `gosta.${tag}@example.se` })
    const emile = await createUser({ name: 'Emile Asander', email: `emile.${tag}@example.se` })
    for (const person of [asa, gosta, emile]) await addMember(org.id, person.id)
    const find = async (q: string) => (await searchPeople(ctx(admin), { for: 'group-owner', organizationId: org.id }, q)).map((p) => p._id)
    expect(await find('asa')).toEqual(expect.arrayContaining([asa.id, emile.id]))
    expect(await find('oberg')).toEqual([asa.id])
    expect(await find('ÖBERG')).toEqual([asa.id])
    expect(await find('gosta')).toEqual([gosta.id])
    expect(await find('muller')).toEqual([gosta.id])
    // Both ways: an accented query finds the plain spelling.
    expect(await find('Émile')).toEqual([emile.id])
    expect(await find('Åsander')).toEqual([emile.id])
    // Any part of an address, not only its start.
    expect(await find('hanna.lindqvist')).toEqual([asa.id])
    expect(await find(`lindqvist.${tag}`)).toEqual([asa.id])
    // A LIKE wildcard is a letter like any other.
    expect(await find('%')).toEqual([])
  })

  it('masks by one rule: never the chooser’s own address, nor those of their group’s members they see on its page', async () => {
    const { tag, creator, erik1, erik2, org } = await setup()
    await createGroup(org.id, { ownerId: creator.id, memberIds: [erik1.id] })
    const newGroup = { for: 'new-group' as const, organizationId: org.id }
    const found = await searchPeople(ctx(creator), newGroup, 'erik')
    expect(found.find((p) => p._id === erik1.id)).toMatchObject({ email: erik1.email, emailMasked: false })
    expect(found.find((p) => p._id === erik2.id)).toMatchObject({ email: `e…${tag.at(-1)}@skolan${tag}.se`, emailMasked: true })
    // The visible address is searched by any part; the masked one is not.
    expect((await searchPeople(ctx(creator), newGroup, `erik.${tag}.ek`)).map((p) => p._id)).toEqual([erik1.id])
    expect(await searchPeople(ctx(creator), newGroup, `skolan${tag}`)).toEqual([])
    // Their own address, in the search and when the form is shown again without JavaScript.
    expect(await peopleByIds(ctx(creator), newGroup, [creator.id])).toEqual([
      { _id: creator.id, name: 'Cecilia Creator', email: creator.email, emailMasked: false, orgRole: 'groupCreator' },
    ])
    expect((await searchPeople(ctx(creator), newGroup, 'cecilia'))[0]).toMatchObject({ email: creator.email, emailMasked: false })
  })
})
