import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { insertAlert, insertInvitation, reloadUser } from '../../../tests/support/alert-factories'
import { createUser } from '../../../tests/support/factories'
import { createPackage } from '../../../tests/support/library-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { planOf } from '../../../tests/support/query-plan'
import { ctxFor } from '../context.server'
import { pendingAddressedToActor } from '../invitations/invitation-inbox.server'
import { markAlertsSeen } from './feed.server'
import { declineInvitation, inviteCollaborator } from '../library/collaborator-invitations.server'
import { alertCounts, headerCounts, packageInvitationCount, studyInvitationCount } from './notification-counts.server'

const setMark = (userId: string, mark: string) => db().updateTable('users').set({ alerts_seen_at: mark }).where('id', '=', userId).execute()
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 12, minutes)).toISOString()

describe('alert counts', () => {
  it('counts new alerts after the mark and old ones up to it, for the user only', async () => {
    const user = await createUser()
    const other = await createUser()
    for (const m of [1, 2, 3, 4, 5]) await insertAlert(user.id, { created: at(m) })
    await insertAlert(other.id, { created: at(9) })

    // Never viewed the feed: everything is new.
    expect(await alertCounts(ctxFor(await reloadUser(user)))).toEqual({ new: 5, old: 0 })
    // The mark the client passes wins over the stored one.
    expect(await alertCounts(ctxFor(await reloadUser(user)), { timestamp: at(2) })).toEqual({ new: 3, old: 2 })

    await setMark(user.id, at(3))
    expect(await alertCounts(ctxFor(await reloadUser(user)))).toEqual({ new: 2, old: 3 })
  })

  it('viewing the feed moves the mark to the newest alert, only forward, writing only when something is new', async () => {
    const user = await createUser()
    expect(await markAlertsSeen(ctxFor(user))).toBeNull()
    await insertAlert(user.id, { created: at(1) })
    await insertAlert(user.id, { created: at(4) })
    expect(await markAlertsSeen(ctxFor(await reloadUser(user)))).toBe(at(4))
    expect(await alertCounts(ctxFor(await reloadUser(user)))).toEqual({ new: 0, old: 2 })
    // A mark ahead of every alert stays where it is.
    await setMark(user.id, at(9))
    expect(await markAlertsSeen(ctxFor(await reloadUser(user)))).toBe(at(9))
    expect((await reloadUser(user)).alerts_seen_at).toBe(at(9))
  })

  it('counts the package invitations still waiting for an answer as the library count, whatever the mark', async () => {
    const [owner, user] = [await createUser(), await createUser()]
    const first = await createPackage({ ownerId: owner.id, name: 'Skolstart' })
    const second = await createPackage({ ownerId: owner.id, name: 'Friluftsdag' })
    const invitation = await inviteCollaborator(ctxFor(owner), { packageId: first.id, email: user.email, access: 'view' })
    await inviteCollaborator(ctxFor(owner), { packageId: second.id, email: user.email, access: 'edit' })
    expect(await packageInvitationCount(ctxFor(await reloadUser(user)))).toBe(2)
    // Viewing the feed moves the alerts' mark, not the invitations'.
    await setMark(user.id, at(99))
    expect(await packageInvitationCount(ctxFor(await reloadUser(user)))).toBe(2)
    await declineInvitation(ctxFor(user), invitation.id)
    expect(await packageInvitationCount(ctxFor(await reloadUser(user)))).toBe(1)
  })

  it('gives the header nothing new on the feed, which moves the mark as it renders', async () => {
    const user = await createUser()
    await insertAlert(user.id)
    expect((await headerCounts(ctxFor(user), { viewingFeed: false })).alertsNew).toBe(1)
    expect((await headerCounts(ctxFor(user), { viewingFeed: true })).alertsNew).toBe(0)
  })
})

describe('study invitations count', () => {
  it("counts only pending group invitations addressed to the user's own email", async () => {
    const owner = await createUser()
    const org = await createOrganization({ adminIds: [owner.id] })
    const group = await createGroup(org.id, { ownerId: owner.id })
    const user = await createUser()
    const email = user.email
    await insertInvitation(org.id, { email, groupId: group.id })
    const second = await createGroup(org.id, { ownerId: owner.id })
    await insertInvitation(org.id, { email, groupId: second.id })
    await insertInvitation(org.id, { email, groupId: group.id, usedAt: new Date().toISOString() })
    await insertInvitation(org.id, { email, groupId: group.id, revokedAt: new Date().toISOString() })
    await insertInvitation(org.id, { email, groupId: group.id, expiresAt: new Date(Date.now() - 1000).toISOString() })
    // Not a group invitation (a group-creator or membership one), and someone else's.
    await insertInvitation(org.id, { email, groupId: null })
    await insertInvitation(org.id, { email: 'someone-else@example.se', groupId: group.id })
    await insertInvitation(org.id, { type: 'open', groupId: group.id })
    expect(await studyInvitationCount(ctxFor(user))).toBe(2)
    expect(await studyInvitationCount(ctxFor(owner))).toBe(0)
  })
})

describe('the counts are index lookups', () => {
  it('reads alerts and invitations through their indexes, never a scan of the table', async () => {
    const user = await createUser()
    const mark = at(0)
    const queries = {
      'alerts_user_(created|template)': db()
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', user.id)
        .where('created_at', '>', mark),
      package_invitations_email: db()
        .selectFrom('package_invitations as i')
        .innerJoin('users as u', 'u.email', 'i.email')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('u.id', '=', user.id)
        .where('i.status', '=', 'pending'),
      'invitations_email_pending\\b': pendingAddressedToActor(ctxFor(user), 'groups').select((eb) => eb.fn.countAll().as('count')),
      invitations_email_pending_creator: pendingAddressedToActor(ctxFor(user), 'organizations').select((eb) =>
        eb.fn.countAll().as('count'),
      ),
    }
    for (const [index, query] of Object.entries(queries)) {
      const plan = await planOf(query.compile())
      // (Empty test tables leave PostgreSQL free to pick either alerts index for the first.)
      expect(plan).toMatch(new RegExp(index))
      expect(plan).not.toMatch(/\bSCAN (alerts|invitations|package_invitations|i)\b(?! USING)|Seq Scan/)
    }
  })
})
