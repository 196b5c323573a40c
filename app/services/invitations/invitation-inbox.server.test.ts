import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { env } from '~/env.server'
import { createUser, lastMailTo, uniqueEmail } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createPackage } from '../../../tests/support/library-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor, type Ctx } from '../context.server'
import { acceptMyInvitation, declineMyInvitation, myInvitations } from './invitation-inbox.server'
import { redeemInvitationCode } from './invitation-redemption.server'
import { resendInvitation } from './invitation-admin.server'
import { createGroupInvitation, createInvitation, listGroupInvitations, listInvitations } from './invitations.server'
import { inviteCollaborator } from '../library/collaborator-invitations.server'
import { headerCounts, waitingInInbox } from '../alerts/notification-counts.server'

const ctxOf = (user: User, now?: Date): Ctx => ({ ...ctxFor(user), client: `client-${user.id}`, ...(now ? { now } : {}) })

/** Someone invited to a group, a package and as group creator, by Astrid (admin and group owner). */
async function invitedWorld() {
  const astrid = await createUser({ name: 'Astrid Admin' })
  const emma = await createUser({ name: 'Emma Ek' })
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [astrid.id] })
  const group = await createGroup(org.id, { ownerId: astrid.id, name: 'Bild 7A' })
  const pkg = await createPackage({ ownerId: astrid.id, name: 'Föräldramöte', status: 'published' })
  const groupInvitation = await createGroupInvitation(ctxOf(astrid), group.id, { type: 'email', email: emma.email })
  const creatorInvitation = await createInvitation(ctxOf(astrid), org.id, { type: 'email', email: emma.email, groupCreator: true })
  const packageInvitation = await inviteCollaborator(ctxOf(astrid), { packageId: pkg.id, email: emma.email, access: 'edit' })
  return { astrid, emma, org, group, pkg, groupInvitation, creatorInvitation, packageInvitation }
}

describe('the invitations inbox', () => {
  it('lists each kind addressed to the user, naming it, the inviter and when; the header counts the same', async () => {
    const w = await invitedWorld()
    // Not the user's: another address, an open code, a used one.
    const other = await createUser()
    await createGroupInvitation(ctxOf(w.astrid), w.group.id, { type: 'email', email: other.email })
    await createGroupInvitation(ctxOf(w.astrid), w.group.id, { type: 'open' })

    const inbox = await myInvitations(ctxOf(w.emma))
    expect(inbox.groups).toEqual([
      expect.objectContaining({
        id: w.groupInvitation.invitation._id,
        name: 'Bild 7A',
        organization: 'Exempelskolan',
        invitedBy: { id: w.astrid.id, name: 'Astrid Admin' },
      }),
    ])
    expect(inbox.organizations).toEqual([
      expect.objectContaining({
        id: w.creatorInvitation.invitation._id,
        name: 'Exempelskolan',
        organizationId: w.org.id,
        invitedBy: { id: w.astrid.id, name: 'Astrid Admin' },
      }),
    ])
    expect(inbox.packages).toEqual([
      expect.objectContaining({
        packageId: w.pkg.id,
        name: 'Föräldramöte',
        access: 'edit',
        invitedBy: { id: w.astrid.id, name: 'Astrid Admin' },
      }),
    ])
    expect(inbox.groups[0].createdAt).toEqual(expect.any(String))

    const counts = await headerCounts(ctxOf(w.emma), { viewingFeed: false })
    expect(counts).toMatchObject({ studyInvitations: 1, libraryInvitations: 1, organizationInvitations: 1 })
    expect(await waitingInInbox(ctxOf(w.emma))).toBe(3)
    expect((await myInvitations(ctxOf(other))).groups).toHaveLength(1)
  })

  it('the invitation email to someone with an account keeps the code and its link, and links to the inbox', async () => {
    const w = await invitedWorld()
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', w.emma.email)
      .where('text_body', 'like', `%${w.creatorInvitation.code}%`)
      .executeTakeFirst()
    expect(mail?.text_body).toContain(`/invitation-code?code=${w.creatorInvitation.code}`)
    expect(mail?.text_body).toContain(`${env().APP_URL}/invitations#organizations`)
    expect(mail?.html_body).toContain(`href="${env().APP_URL}/invitations#organizations"`)
    // No account yet: nothing to find in an inbox, only the code.
    const newcomer = uniqueEmail('newcomer')
    const { code } = await createInvitation(ctxOf(w.astrid), w.org.id, { type: 'email', email: newcomer, groupCreator: true })
    const toNewcomer = await lastMailTo(newcomer)
    expect(toNewcomer?.text_body).toContain(code)
    expect(toNewcomer?.text_body).not.toContain('/invitations#')
  })

  it('accepting a group invitation makes the user a member and leads to the group home', async () => {
    const w = await invitedWorld()
    const answer = await acceptMyInvitation(ctxOf(w.emma), { kind: 'groups', id: w.groupInvitation.invitation._id })
    expect(answer).toEqual({ kind: 'groups', name: 'Bild 7A', redirectTo: `/groups/${w.group.id}/home` })
    const member = await db()
      .selectFrom('group_members')
      .select('role')
      .where('group_id', '=', w.group.id)
      .where('user_id', '=', w.emma.id)
      .executeTakeFirst()
    expect(member?.role).toBe('member')
    expect((await myInvitations(ctxOf(w.emma))).groups).toEqual([])
    expect((await headerCounts(ctxOf(w.emma), { viewingFeed: false })).studyInvitations).toBe(0)
    // The same rules as the code: it is used now.
    await expectCode(acceptMyInvitation(ctxOf(w.emma), { kind: 'groups', id: w.groupInvitation.invitation._id }), 'INVITATION_NOT_FOUND')
    await expectCode(redeemInvitationCode(ctxOf(w.emma), w.groupInvitation.code), 'USED')
  })

  it('accepting an invitation to where the user already is settles it and leads there', async () => {
    const w = await invitedWorld()
    await db()
      .insertInto('group_members')
      .values({ group_id: w.group.id, user_id: w.emma.id, role: 'member', created_at: new Date().toISOString() })
      .execute()
    await db()
      .insertInto('organization_members')
      .values({ organization_id: w.org.id, user_id: w.emma.id, role: 'member', is_group_creator: 1, created_at: new Date().toISOString() })
      .execute()
    expect(await acceptMyInvitation(ctxOf(w.emma), { kind: 'groups', id: w.groupInvitation.invitation._id })).toEqual({
      kind: 'groups',
      name: 'Bild 7A',
      redirectTo: `/groups/${w.group.id}/home`,
      already: 'ALREADY_ADDED_TO_GROUP',
    })
    expect(await acceptMyInvitation(ctxOf(w.emma), { kind: 'organizations', id: w.creatorInvitation.invitation._id })).toMatchObject({
      redirectTo: `/create/group?organizationId=${w.org.id}`,
      already: 'IS_ALREADY_GROUP_CREATOR',
    })
    const inbox = await myInvitations(ctxOf(w.emma))
    expect([inbox.groups, inbox.organizations]).toEqual([[], []])
    expect(await headerCounts(ctxOf(w.emma), { viewingFeed: false })).toMatchObject({ studyInvitations: 0, organizationInvitations: 0 })
  })

  it('accepting a group-creator invitation makes the user a group creator and leads to creating a group there', async () => {
    const w = await invitedWorld()
    const answer = await acceptMyInvitation(ctxOf(w.emma), { kind: 'organizations', id: w.creatorInvitation.invitation._id })
    expect(answer).toEqual({ kind: 'organizations', name: 'Exempelskolan', redirectTo: `/create/group?organizationId=${w.org.id}` })
    const membership = await db()
      .selectFrom('organization_members')
      .select('is_group_creator')
      .where('organization_id', '=', w.org.id)
      .where('user_id', '=', w.emma.id)
      .executeTakeFirstOrThrow()
    expect(Number(membership.is_group_creator)).toBe(1)
    expect((await myInvitations(ctxOf(w.emma))).organizations).toEqual([])
  })

  it('accepting a package invitation gives access and leads to the package', async () => {
    const w = await invitedWorld()
    const answer = await acceptMyInvitation(ctxOf(w.emma), { kind: 'packages', id: w.packageInvitation.id })
    expect(answer).toEqual({ kind: 'packages', name: 'Föräldramöte', redirectTo: `/library/packages/view/${w.pkg.id}` })
    expect((await myInvitations(ctxOf(w.emma))).packages).toEqual([])
    expect((await headerCounts(ctxOf(w.emma), { viewingFeed: false })).libraryInvitations).toBe(0)
  })

  it('declining removes each kind, shows it as declined to the sender, and its code stops working', async () => {
    const w = await invitedWorld()
    const ctx = ctxOf(w.emma)
    expect(await declineMyInvitation(ctx, { kind: 'groups', id: w.groupInvitation.invitation._id })).toMatchObject({ name: 'Bild 7A' })
    expect(await declineMyInvitation(ctx, { kind: 'organizations', id: w.creatorInvitation.invitation._id })).toMatchObject({
      name: 'Exempelskolan',
    })
    expect(await declineMyInvitation(ctx, { kind: 'packages', id: w.packageInvitation.id })).toMatchObject({ name: 'Föräldramöte' })
    expect(await myInvitations(ctx)).toEqual({ groups: [], packages: [], organizations: [] })
    expect(await headerCounts(ctx, { viewingFeed: false })).toMatchObject({
      studyInvitations: 0,
      libraryInvitations: 0,
      organizationInvitations: 0,
    })

    // The sender's list says so; the codes no longer work, with their own error.
    const listed = await listInvitations(ctxOf(w.astrid), w.org.id)
    expect(listed.find((i) => i._id === w.creatorInvitation.invitation._id)?.status).toBe('declined')
    expect(await listGroupInvitations(ctxOf(w.astrid), w.group.id)).toEqual([
      expect.objectContaining({ _id: w.groupInvitation.invitation._id, email: w.emma.email, status: 'declined' }),
    ])
    // Only those who invite see the group's invitations.
    await expectCode(listGroupInvitations(ctxOf(w.emma), w.group.id), 'GROUP_NOT_FOUND')
    await expectCode(redeemInvitationCode(ctxOf(w.emma), w.groupInvitation.code), 'INVITATION_DECLINED')
    await expectCode(redeemInvitationCode(ctxOf(w.emma), w.creatorInvitation.code), 'INVITATION_DECLINED')
    await expectCode(acceptMyInvitation(ctx, { kind: 'groups', id: w.groupInvitation.invitation._id }), 'INVITATION_DECLINED')
    await expectCode(declineMyInvitation(ctx, { kind: 'groups', id: w.groupInvitation.invitation._id }), 'INVITATION_DECLINED')
    const pkgRow = await db()
      .selectFrom('package_invitations')
      .select('status')
      .where('id', '=', w.packageInvitation.id)
      .executeTakeFirstOrThrow()
    expect(pkgRow.status).toBe('declined')
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('organization_id', '=', w.org.id)
      .where('action', '=', 'invitation.decline')
      .execute()
    expect(audit).toHaveLength(2)

    // Sent again, it waits for a new answer.
    const resent = await resendInvitation(ctxOf(w.astrid), w.creatorInvitation.invitation._id)
    expect(resent.status).toBe('pending')
    expect((await myInvitations(ctx)).organizations).toHaveLength(1)
  })

  it('nobody but the addressee may answer: another user, another organization’s admin, a forged id', async () => {
    const w = await invitedWorld()
    const mallory = await createUser({ name: 'Mallory' })
    const otherAdmin = await createUser()
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const actor of [mallory, otherAdmin, w.astrid]) {
      const ctx = ctxOf(actor)
      await expectCode(acceptMyInvitation(ctx, { kind: 'groups', id: w.groupInvitation.invitation._id }), 'INVITATION_NOT_FOUND')
      await expectCode(declineMyInvitation(ctx, { kind: 'groups', id: w.groupInvitation.invitation._id }), 'INVITATION_NOT_FOUND')
      await expectCode(acceptMyInvitation(ctx, { kind: 'organizations', id: w.creatorInvitation.invitation._id }), 'INVITATION_NOT_FOUND')
      await expectCode(declineMyInvitation(ctx, { kind: 'organizations', id: w.creatorInvitation.invitation._id }), 'INVITATION_NOT_FOUND')
      await expectCode(acceptMyInvitation(ctx, { kind: 'packages', id: w.packageInvitation.id }), 'PACKAGE_INVITATION_NOT_FOUND')
      await expectCode(declineMyInvitation(ctx, { kind: 'packages', id: w.packageInvitation.id }), 'PACKAGE_INVITATION_NOT_FOUND')
    }
    // A forged id, and an id of another kind than the section claims.
    await expectCode(acceptMyInvitation(ctxOf(w.emma), { kind: 'groups', id: 'forged-id' }), 'INVITATION_NOT_FOUND')
    await expectCode(acceptMyInvitation(ctxOf(w.emma), { kind: 'groups', id: w.creatorInvitation.invitation._id }), 'INVITATION_NOT_FOUND')
    await expectCode(
      declineMyInvitation(ctxOf(w.emma), { kind: 'organizations', id: w.groupInvitation.invitation._id }),
      'INVITATION_NOT_FOUND',
    )
    await expectCode(
      acceptMyInvitation(ctxOf(w.emma), { kind: 'packages', id: w.groupInvitation.invitation._id }),
      'PACKAGE_INVITATION_NOT_FOUND',
    )
    // Nothing changed: all three still wait.
    const inbox = await myInvitations(ctxOf(w.emma))
    expect([inbox.groups.length, inbox.packages.length, inbox.organizations.length]).toEqual([1, 1, 1])
  })

  it('leaves out expired invitations, in the list and the counts alike', async () => {
    const w = await invitedWorld()
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000)
    const inbox = await myInvitations(ctxOf(w.emma, later))
    expect(inbox.groups).toEqual([])
    expect(inbox.organizations).toEqual([])
    expect(await headerCounts(ctxOf(w.emma, later), { viewingFeed: false })).toMatchObject({
      studyInvitations: 0,
      organizationInvitations: 0,
    })
    await expectCode(
      acceptMyInvitation(ctxOf(w.emma, later), { kind: 'groups', id: w.groupInvitation.invitation._id }),
      'INVITATION_NOT_FOUND',
    )
  })
})
