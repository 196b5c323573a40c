import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser, TEST_PASSWORD } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createPackage } from '../../../tests/support/library-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { inviteCollaborator } from '../library/collaborator-invitations.server'
import { deleteAccount, deletionBlockers, exportMyData } from './my-data.server'

const ctx = (user: User) => ({ ...ctxFor(user), client: `client-${randomBytes(4).toString('hex')}` })
const exists = async (id: string) => Boolean(await db().selectFrom('users').select('id').where('id', '=', id).executeTakeFirst())

describe('my data', () => {
  it('exports the account, memberships and sessions without any secret', async () => {
    const me = await createUser({ name: 'Export Ed' })
    const org = await createOrganization({ name: 'Exportskolan', adminIds: [me.id] })
    await createGroup(org.id, { ownerId: me.id, name: 'Exportgruppen' })
    await createSession(db(), me.id, 'password', { userAgent: 'Mozilla/5.0 Firefox/133.0' })
    const data = await exportMyData(ctx(me), me.id)
    expect(data.user).toMatchObject({
      _id: me.id,
      name: 'Export Ed',
      email: me.email,
      preferences: { locale: 'sv', timezone: 'Europe/Stockholm' },
    })
    expect(data.organizations.map((o) => o.name)).toEqual(['Exportskolan'])
    expect(data.groups.map((g) => g.name)).toEqual(['Exportgruppen'])
    expect(data.ownedGroups.map((g) => g.name)).toEqual(['Exportgruppen'])
    expect(data.sessions[0].user_agent).toBe('Mozilla/5.0 Firefox/133.0')
    // How it was signed in (the word "password" as a method, never a password or its hash).
    expect(data.sessions[0].sign_in_method).toBe('password')
    const text = JSON.stringify({ ...data, sessions: data.sessions.map(({ sign_in_method: _, ...s }) => s) })
    expect(text).not.toContain('argon2')
    expect(text).not.toContain('id_hash')
    expect(text).not.toContain('password')
  })

  it('exports the library: my packages with their roles and tasks, what is shared with me, invitations to me', async () => {
    const [me, friend] = [await createUser(), await createUser()]
    await createPackage({ ownerId: me.id, name: 'Mitt paket', roles: ['Lärare'], tasksPerRole: 2 })
    const theirs = await createPackage({ ownerId: friend.id, name: 'Vännens paket', collaborators: [{ userId: me.id, access: 'edit' }] })
    const other = await createPackage({ ownerId: friend.id, name: 'Inbjudan' })
    await inviteCollaborator(ctxFor(friend), { packageId: other.id, email: me.email, access: 'view' })
    const { library } = await exportMyData(ctx(me), me.id)
    expect(library.ownedPackages.map((p) => [p.name, p.roles.map((r) => [r.name, r.tasks.length])])).toEqual([
      ['Mitt paket', [['Lärare', 2]]],
    ])
    expect(library.sharedWithMe).toMatchObject([{ id: theirs.id, name: 'Vännens paket', access: 'edit' }])
    expect(library.invitations).toMatchObject([{ packageId: other.id, access: 'view', status: 'pending' }])
  })

  it("is the user's own only", async () => {
    const me = await createUser()
    const other = await createUser()
    await expectCode(exportMyData(ctx(me), other.id), 'USER_NOT_FOUND')
    await expectCode(deleteAccount(ctx(me), other.id, TEST_PASSWORD), 'USER_NOT_FOUND')
    expect(await exists(other.id)).toBe(true)
  })
})

describe('account deletion', () => {
  it('is refused while the last admin of an organization or a group owner, naming them', async () => {
    const me = await createUser()
    const colleague = await createUser()
    const solo = await createOrganization({ name: 'Ensamskolan', adminIds: [me.id], memberIds: [colleague.id] })
    await createOrganization({ name: 'Delade skolan', adminIds: [me.id, colleague.id] })
    await createGroup(solo.id, { ownerId: me.id, name: 'Min grupp' })
    expect(await deletionBlockers(ctx(me), me.id)).toEqual({ lastAdminOf: ['Ensamskolan'], ownerOf: ['Min grupp'] })
    const error = await expectCode(deleteAccount(ctx(me), me.id, TEST_PASSWORD), 'ACCOUNT_DELETION_BLOCKED')
    expect(error.data).toEqual({ lastAdminOf: ['Ensamskolan'], ownerOf: ['Min grupp'] })
    expect(await exists(me.id)).toBe(true)
  })

  it('needs the password, then deletes the user and what is theirs', async () => {
    const me = await createUser()
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [me.id] })
    await createGroup(org.id, { ownerId: admin.id, memberIds: [me.id] })
    await createSession(db(), me.id, 'password')
    await expectCode(deleteAccount(ctx(me), me.id, 'not-the-password'), 'WRONG_PASSWORD')
    expect(await exists(me.id)).toBe(true)
    await deleteAccount(ctx(me), me.id, TEST_PASSWORD)
    expect(await exists(me.id)).toBe(false)
    expect(await db().selectFrom('sessions').select('id_hash').where('user_id', '=', me.id).execute()).toEqual([])
    expect(await db().selectFrom('group_members').select('user_id').where('user_id', '=', me.id).execute()).toEqual([])
    expect(await exists(admin.id)).toBe(true)
  })
})
