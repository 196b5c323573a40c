import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { createGroupInvitation, createInvitation } from '~/services/invitations/invitations.server'
import { inviteCollaborator } from '~/services/library/collaborator-invitations.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { createPackage } from '../../../tests/support/library-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import * as inbox from './route'

const toastOf = async (headers: Headers) =>
  (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast

const post = (form: Record<string, string>, cookie?: string) => args(makeRequest('/invitations', { form, cookie }))

async function world() {
  const astrid = await createUser({ name: 'Astrid Admin' })
  const emma = await createUser({ name: 'Emma Ek' })
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [astrid.id] })
  const group = await createGroup(org.id, { ownerId: astrid.id, name: 'Bild 7A' })
  const pkg = await createPackage({ ownerId: astrid.id, name: 'Föräldramöte', status: 'published' })
  const groupInv = (await createGroupInvitation(ctxFor(astrid), group.id, { type: 'email', email: emma.email })).invitation._id
  const creatorInv = (await createInvitation(ctxFor(astrid), org.id, { type: 'email', email: emma.email, groupCreator: true })).invitation
    ._id
  const packageInv = (await inviteCollaborator(ctxFor(astrid), { packageId: pkg.id, email: emma.email, access: 'view' })).id
  return { astrid, emma, org, group, pkg, groupInv, creatorInv, packageInv, cookie: await sessionCookieFor(emma) }
}

describe('/invitations', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const res = await run(() => inbox.loader(args(makeRequest('/invitations'))))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent('/invitations')}`)
  })

  it('lists the three kinds of invitations addressed to the user', async () => {
    const w = await world()
    const res = await run(() => inbox.loader(args(makeRequest('/invitations', { cookie: w.cookie }))))
    expect(res.status).toBe(200)
    expect(res.data.inbox.groups.map((i: { name: string }) => i.name)).toEqual(['Bild 7A'])
    expect(res.data.inbox.packages.map((i: { name: string }) => i.name)).toEqual(['Föräldramöte'])
    expect(res.data.inbox.organizations.map((i: { name: string }) => i.name)).toEqual(['Exempelskolan'])
    // Someone else sees none of them.
    const other = await run(async () =>
      inbox.loader(args(makeRequest('/invitations', { cookie: await sessionCookieFor(await createUser()) }))),
    )
    expect(other.data.inbox).toEqual({ groups: [], packages: [], organizations: [] })
  })

  it('accept: to the group home, the package, the organization’s create-group page, each with a toast naming it', async () => {
    const w = await world()
    const group = await run(() => inbox.action(post({ intent: 'accept', kind: 'groups', id: w.groupInv }, w.cookie)))
    expect(group.status).toBe(302)
    expect(group.headers.get('Location')).toBe(`/groups/${w.group.id}/home`)
    expect(await toastOf(group.headers)).toMatchObject({ key: 'inbox.toast.accepted.groups', values: { name: 'Bild 7A' }, type: 'success' })

    const pkg = await run(() => inbox.action(post({ intent: 'accept', kind: 'packages', id: w.packageInv }, w.cookie)))
    expect(pkg.headers.get('Location')).toBe(`/library/packages/view/${w.pkg.id}`)
    expect(await toastOf(pkg.headers)).toMatchObject({ key: 'inbox.toast.accepted.packages', values: { name: 'Föräldramöte' } })

    const org = await run(() => inbox.action(post({ intent: 'accept', kind: 'organizations', id: w.creatorInv }, w.cookie)))
    expect(org.headers.get('Location')).toBe(`/create/group?organizationId=${w.org.id}`)
    expect(await toastOf(org.headers)).toMatchObject({ key: 'inbox.toast.accepted.organizations', values: { name: 'Exempelskolan' } })
  })

  it('accept when already a member: to the group, saying so', async () => {
    const w = await world()
    await db()
      .insertInto('group_members')
      .values({ group_id: w.group.id, user_id: w.emma.id, role: 'member', created_at: new Date().toISOString() })
      .execute()
    const res = await run(() => inbox.action(post({ intent: 'accept', kind: 'groups', id: w.groupInv }, w.cookie)))
    expect(res.headers.get('Location')).toBe(`/groups/${w.group.id}/home`)
    expect(await toastOf(res.headers)).toMatchObject({ key: 'errors.ALREADY_ADDED_TO_GROUP', values: { name: 'Bild 7A' }, type: 'info' })
  })

  it('decline: back to the section with a toast; answering again says why', async () => {
    const w = await world()
    for (const [kind, id, name] of [
      ['groups', w.groupInv, 'Bild 7A'],
      ['packages', w.packageInv, 'Föräldramöte'],
      ['organizations', w.creatorInv, 'Exempelskolan'],
    ] as const) {
      const res = await run(() => inbox.action(post({ intent: 'decline', kind, id }, w.cookie)))
      expect(res.headers.get('Location')).toBe(`/invitations#${kind}`)
      expect(await toastOf(res.headers)).toMatchObject({ key: `inbox.toast.declined.${kind}`, values: { name } })
    }
    const again = await run(() => inbox.action(post({ intent: 'accept', kind: 'groups', id: w.groupInv }, w.cookie)))
    expect(again.headers.get('Location')).toBe('/invitations')
    expect(await toastOf(again.headers)).toMatchObject({ key: 'errors.INVITATION_DECLINED', type: 'error' })
    const row = await db().selectFrom('invitations').select('declined_at').where('id', '=', w.groupInv).executeTakeFirstOrThrow()
    expect(row.declined_at).not.toBeNull()
  })

  it('refuses another user, a forged id, an unknown kind or intent, and a signed-out post', async () => {
    const w = await world()
    const mallory = await sessionCookieFor(await createUser())
    const theirs = await run(() => inbox.action(post({ intent: 'accept', kind: 'groups', id: w.groupInv }, mallory)))
    expect(theirs.headers.get('Location')).toBe('/invitations')
    expect(await toastOf(theirs.headers)).toMatchObject({ key: 'errors.INVITATION_NOT_FOUND', type: 'error' })
    const theirPackage = await run(() => inbox.action(post({ intent: 'decline', kind: 'packages', id: w.packageInv }, mallory)))
    expect(await toastOf(theirPackage.headers)).toMatchObject({ key: 'errors.PACKAGE_INVITATION_NOT_FOUND', type: 'error' })
    const forged = await run(() => inbox.action(post({ intent: 'decline', kind: 'organizations', id: 'forged' }, w.cookie)))
    expect(await toastOf(forged.headers)).toMatchObject({ key: 'errors.INVITATION_NOT_FOUND' })
    const badKind = await run(() => inbox.action(post({ intent: 'accept', kind: 'teams', id: w.groupInv }, w.cookie)))
    expect(await toastOf(badKind.headers)).toMatchObject({ key: 'errors.BAD_REQUEST' })
    const badIntent = await run(() => inbox.action(post({ intent: 'delete', kind: 'groups', id: w.groupInv }, w.cookie)))
    expect(badIntent.status).toBe(400)
    const anonymous = await run(() => inbox.action(post({ intent: 'accept', kind: 'groups', id: w.groupInv })))
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/signin/)
    // Nothing was answered.
    const again = await run(() => inbox.loader(args(makeRequest('/invitations', { cookie: w.cookie }))))
    expect(again.data.inbox.groups).toHaveLength(1)
    expect(again.data.inbox.packages).toHaveLength(1)
    expect(again.data.inbox.organizations).toHaveLength(1)
  })
})
