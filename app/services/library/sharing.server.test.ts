import { describe, expect, it, vi } from 'vitest'
import * as crypto from 'node:crypto'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser, uniqueEmail } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createPackage, createPendingInvitations } from '../../../tests/support/library-factories'
import { ctxFor, type Ctx } from '../context.server'
import { pendingPackageInvitationCount, receivedInvitations } from './feed.server'
import { getPackage } from './package-view.server'
import { PACKAGE_LIMITS } from './packages.schemas'
import {
  acceptInvitation,
  declineInvitation,
  inviteCollaborator,
  resendInvitation,
  revokeInvitation,
} from './collaborator-invitations.server'
import { acceptShareLink, createShareLink, previewShareLink, revokeShareLink, sameDigest } from './share-links.server'
import { changeCollaboratorAccess, handOverPackage, removeCollaborator } from './collaborators.server'
import { packageSharing } from './sharing.server'

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>()
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) }
})

const ctx = (actor: User, now = new Date()): Ctx => ({ ...ctxFor(actor), now })

async function setup() {
  const owner = await createUser({ name: 'Olga Owner' })
  const editor = await createUser({ name: 'Erik Editor' })
  const viewer = await createUser({ name: 'Vera Viewer' })
  const stranger = await createUser({ name: 'Sten Stranger' })
  const pkg = await createPackage({
    ownerId: owner.id,
    name: 'Skolstart',
    collaborators: [
      { userId: editor.id, access: 'edit' },
      { userId: viewer.id, access: 'view' },
    ],
  })
  const other = await createPackage({ ownerId: stranger.id, name: 'Annat' })
  return { owner, editor, viewer, stranger, pkg, other }
}

const alertsOf = (userId: string, template: string) =>
  db().selectFrom('alerts').selectAll().where('user_id', '=', userId).where('template', '=', template).execute()
const mailsTo = (email: string) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute()

describe('sharing access', () => {
  it('shows sharing to owner and editors, lets only the owner change it, and hides it from others', async () => {
    const { owner, editor, viewer, stranger, pkg } = await setup()
    expect((await packageSharing(ctx(owner), pkg.id)).canManage).toBe(true)
    const seen = await packageSharing(ctx(editor), pkg.id)
    expect(seen.canManage).toBe(false)
    expect(seen.collaborators.map((c) => [c.id, c.access])).toEqual(
      expect.arrayContaining([
        [editor.id, 'edit'],
        [viewer.id, 'view'],
      ]),
    )
    expect(seen.collaborators).toHaveLength(2)
    await expectCode(packageSharing(ctx(viewer), pkg.id), 'PACKAGE_ACCESS_DENIED')
    await expectCode(packageSharing(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    const invite = { packageId: pkg.id, email: uniqueEmail(), access: 'view' as const }
    await expectCode(inviteCollaborator(ctx(editor), invite), 'PACKAGE_ACCESS_DENIED')
    await expectCode(inviteCollaborator(ctx(stranger), invite), 'PACKAGE_NOT_FOUND')
    await expectCode(createShareLink(ctx(editor), { packageId: pkg.id }), 'PACKAGE_ACCESS_DENIED')
    await expectCode(createShareLink(ctx(stranger), { packageId: pkg.id }), 'PACKAGE_NOT_FOUND')
    await expectCode(
      changeCollaboratorAccess(ctx(editor), { packageId: pkg.id, userId: viewer.id, access: 'edit' }),
      'PACKAGE_ACCESS_DENIED',
    )
    await expectCode(removeCollaborator(ctx(editor), { packageId: pkg.id, userId: viewer.id }), 'PACKAGE_ACCESS_DENIED')
    await expectCode(removeCollaborator(ctx(stranger), { packageId: pkg.id, userId: viewer.id }), 'PACKAGE_NOT_FOUND')
    await expectCode(handOverPackage(ctx(editor), { packageId: pkg.id, userId: editor.id }), 'PACKAGE_ACCESS_DENIED')
  })

  it('changes access (package.shared when raised), removes collaborators and lets one leave', async () => {
    const { owner, editor, viewer, pkg } = await setup()
    await changeCollaboratorAccess(ctx(owner), { packageId: pkg.id, userId: viewer.id, access: 'edit' })
    expect((await getPackage(ctx(viewer), pkg.id)).access).toBe('edit')
    expect((await alertsOf(viewer.id, 'package.shared'))[0]).toMatchObject({
      actor_id: owner.id,
      target_type: 'package',
      target_id: pkg.id,
    })
    await removeCollaborator(ctx(owner), { packageId: pkg.id, userId: viewer.id })
    await expectCode(getPackage(ctx(viewer), pkg.id), 'PACKAGE_NOT_FOUND')
    await expectCode(removeCollaborator(ctx(owner), { packageId: pkg.id, userId: viewer.id }), 'PACKAGE_COLLABORATOR_NOT_FOUND')
    await removeCollaborator(ctx(editor), { packageId: pkg.id, userId: editor.id })
    await expectCode(getPackage(ctx(editor), pkg.id), 'PACKAGE_NOT_FOUND')
  })
})

describe('invitations', () => {
  it('invites by email with an alert and an email, and the invitee accepts', async () => {
    const { owner, stranger, pkg } = await setup()
    const invitation = await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: stranger.email.toUpperCase(), access: 'edit' })
    expect(invitation).toMatchObject({ email: stranger.email, access: 'edit', invitedBy: { id: owner.id } })
    const [alert] = await alertsOf(stranger.id, 'package.invitation.new')
    expect(alert).toMatchObject({ actor_id: owner.id, target_type: 'package', target_id: pkg.id })
    expect(JSON.parse(alert.data)).toMatchObject({ packageName: 'Skolstart', access: 'edit' })
    const [mail] = await mailsTo(stranger.email)
    expect(mail.subject).toContain('Skolstart')
    expect(mail.text_body).toContain(`/library/invitations/${stranger.id}`)
    expect(await pendingPackageInvitationCount(db(), stranger.id)).toBe(1)
    expect((await receivedInvitations(ctx(stranger), stranger.id)).map((i) => i.packageName)).toEqual(['Skolstart'])
    await expectCode(receivedInvitations(ctx(owner), stranger.id), 'NOT_FOUND')
    expect((await packageSharing(ctx(owner), pkg.id)).invitations.map((i) => i.id)).toEqual([invitation.id])

    // Only the invitee may answer.
    await expectCode(acceptInvitation(ctx(owner), invitation.id), 'PACKAGE_INVITATION_NOT_FOUND')
    // Invited again while it waits: the same invitation, not a second one (issue 35); no second email within a minute.
    const again = await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: stranger.email.toUpperCase(), access: 'edit' })
    expect(again).toMatchObject({ id: invitation.id, alreadyInvited: true, resent: false })
    expect(await mailsTo(stranger.email)).toHaveLength(1)
    expect((await packageSharing(ctx(owner), pkg.id)).invitations.map((i) => i.id)).toEqual([invitation.id])
    expect(await acceptInvitation(ctx(stranger), invitation.id)).toEqual({ packageId: pkg.id, packageName: 'Skolstart' })
    expect((await getPackage(ctx(stranger), pkg.id)).access).toBe('edit')
    expect(await pendingPackageInvitationCount(db(), stranger.id)).toBe(0)
    await expectCode(acceptInvitation(ctx(stranger), invitation.id), 'PACKAGE_INVITATION_NOT_FOUND')
    await expectCode(inviteCollaborator(ctx(owner), { packageId: pkg.id, email: stranger.email, access: 'view' }), 'PACKAGE_ALREADY_SHARED')
    await expectCode(inviteCollaborator(ctx(owner), { packageId: pkg.id, email: owner.email, access: 'view' }), 'PACKAGE_ALREADY_SHARED')
  })

  it('resends, revokes and declines; invitations of one package are not reachable through another', async () => {
    const { owner, stranger, pkg, other } = await setup()
    const t0 = new Date('2026-11-24T10:00:00Z')
    const invitation = await inviteCollaborator(ctx(owner, t0), { packageId: pkg.id, email: stranger.email, access: 'view' })
    const early = await expectCode(
      resendInvitation(ctx(owner, new Date('2026-11-24T10:00:30Z')), { packageId: pkg.id, invitationId: invitation.id }),
      'TOO_MANY_ATTEMPTS',
    )
    expect(early.data.retryAt).toBe('2026-11-24T10:01:00.000Z')
    const resent = await resendInvitation(ctx(owner, new Date('2026-11-24T11:00:00Z')), { packageId: pkg.id, invitationId: invitation.id })
    expect(resent.sentAt).toBe('2026-11-24T11:00:00.000Z')
    expect(await mailsTo(stranger.email)).toHaveLength(2)
    // One invitation, one alert: the resend is an email only.
    expect(await alertsOf(stranger.id, 'package.invitation.new')).toHaveLength(1)
    await expectCode(resendInvitation(ctx(stranger), { packageId: other.id, invitationId: invitation.id }), 'PACKAGE_INVITATION_NOT_FOUND')
    await expectCode(revokeInvitation(ctx(stranger), { packageId: other.id, invitationId: invitation.id }), 'PACKAGE_INVITATION_NOT_FOUND')
    await revokeInvitation(ctx(owner), { packageId: pkg.id, invitationId: invitation.id })
    await expectCode(acceptInvitation(ctx(stranger), invitation.id), 'PACKAGE_INVITATION_NOT_FOUND')
    expect(await pendingPackageInvitationCount(db(), stranger.id)).toBe(0)

    const again = await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: stranger.email, access: 'view' })
    await declineInvitation(ctx(stranger), again.id)
    await expectCode(getPackage(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    expect((await packageSharing(ctx(owner), pkg.id)).invitations).toEqual([])
  })

  it('sends no alert and no email to an invitee who unsubscribed; an address without account gets the email', async () => {
    const { owner, pkg } = await setup()
    const quiet = await createUser({ unsubscribed_templates: JSON.stringify(['package.invitation.new']) })
    await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: quiet.email, access: 'view' })
    expect(await alertsOf(quiet.id, 'package.invitation.new')).toEqual([])
    expect(await mailsTo(quiet.email)).toEqual([])
    expect(await pendingPackageInvitationCount(db(), quiet.id)).toBe(1)

    const newcomer = uniqueEmail('new')
    await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: newcomer, access: 'view' })
    const [mail] = await mailsTo(newcomer)
    expect(mail.text_body).toContain('/signup')
    // Signing up later with the address finds the invitation.
    const joined = await createUser({ email: newcomer })
    expect(await pendingPackageInvitationCount(db(), joined.id)).toBe(1)
  })
})

describe('the cap on pending invitations', () => {
  const pendingOf = async (packageId: string) =>
    Number(
      (
        await db()
          .selectFrom('package_invitations')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('package_id', '=', packageId)
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('refuses one more once the package has the most pending invitations, writing nothing; an answered or revoked one makes room', async () => {
    const { owner, stranger, pkg, other } = await setup()
    expect(PACKAGE_LIMITS.pendingInvitations).toBe(200)
    const [first] = await createPendingInvitations(pkg.id, owner.id, PACKAGE_LIMITS.pendingInvitations - 1)
    // The last place is still free.
    await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: uniqueEmail(), access: 'view' })
    expect(await pendingOf(pkg.id)).toBe(PACKAGE_LIMITS.pendingInvitations)

    const refused = await expectCode(
      inviteCollaborator(ctx(owner), { packageId: pkg.id, email: stranger.email, access: 'edit' }),
      'PACKAGE_LIMIT_EXCEEDED',
    )
    expect(refused.data).toEqual({ limit: 'pendingInvitations', max: 200 })
    expect(await pendingOf(pkg.id)).toBe(200)
    expect(await alertsOf(stranger.id, 'package.invitation.new')).toEqual([])
    expect(await mailsTo(stranger.email)).toEqual([])
    // Another package is not concerned.
    await inviteCollaborator(ctx(stranger), { packageId: other.id, email: owner.email, access: 'view' })

    await revokeInvitation(ctx(owner), { packageId: pkg.id, invitationId: first.id })
    await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: stranger.email, access: 'edit' })
    expect(await pendingOf(pkg.id)).toBe(200)
  })
})

describe('handover', () => {
  it('hands the package to an editor; the old owner becomes an editor', async () => {
    const { owner, editor, viewer, pkg } = await setup()
    await expectCode(handOverPackage(ctx(owner), { packageId: pkg.id, userId: viewer.id }), 'PACKAGE_HANDOVER_NOT_EDITOR')
    await handOverPackage(ctx(owner), { packageId: pkg.id, userId: editor.id })
    expect((await getPackage(ctx(editor), pkg.id)).access).toBe('owner')
    expect((await getPackage(ctx(owner), pkg.id)).access).toBe('edit')
    expect(await alertsOf(editor.id, 'package.shared')).toHaveLength(1)
    await expectCode(handOverPackage(ctx(owner), { packageId: pkg.id, userId: editor.id }), 'PACKAGE_ACCESS_DENIED')
  })
})

describe('share links', () => {
  it('gives view access, records the last use, and never lowers an access', async () => {
    const { owner, editor, stranger, pkg } = await setup()
    const { link, token } = await createShareLink(ctx(owner), { packageId: pkg.id })
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
    const stored = await db().selectFrom('package_share_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow()
    expect(stored.token_hash).not.toContain(token)
    expect(stored.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'))

    const used = new Date('2026-11-24T12:00:00Z')
    expect(await acceptShareLink(ctx(stranger, used), { token })).toEqual({ packageId: pkg.id, packageName: 'Skolstart' })
    expect((await getPackage(ctx(stranger), pkg.id)).access).toBe('view')
    expect(vi.mocked(crypto.timingSafeEqual)).toHaveBeenCalled()
    await acceptShareLink(ctx(editor), { token })
    expect((await getPackage(ctx(editor), pkg.id)).access).toBe('edit')
    await acceptShareLink(ctx(owner), { token })
    expect((await getPackage(ctx(owner), pkg.id)).access).toBe('owner')
    const [shown] = (await packageSharing(ctx(owner), pkg.id)).links
    expect(shown).toMatchObject({ id: link.id, active: true })
    expect(shown.lastUsedAt).not.toBeNull()
  })

  it('previews a link (the package and who shared it) without using it, and refuses the same links as opening', async () => {
    const { owner, stranger, viewer, pkg } = await setup()
    const now = new Date('2026-11-24T12:00:00Z')
    const { link, token } = await createShareLink(ctx(owner, now), { packageId: pkg.id })
    expect(await previewShareLink(ctx(stranger, now), { token })).toEqual({
      packageId: pkg.id,
      packageName: 'Skolstart',
      sharedBy: 'Olga Owner',
    })
    await expectCode(getPackage(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    const stored = await db().selectFrom('package_share_links').select('last_used_at').where('id', '=', link.id).executeTakeFirstOrThrow()
    expect(stored.last_used_at).toBeNull()
    await expectCode(previewShareLink(ctx(stranger, now), { token: 'made-up' }), 'SHARE_LINK_INVALID')
    await expectCode(previewShareLink(ctx(stranger, now), { token: '' }), 'SHARE_LINK_INVALID')
    const expiring = await createShareLink(ctx(owner, now), { packageId: pkg.id, expiresAt: '2026-11-25' })
    await expectCode(previewShareLink(ctx(stranger, new Date('2026-11-26T00:00:00Z')), { token: expiring.token }), 'SHARE_LINK_EXPIRED')
    await revokeShareLink(ctx(owner), { packageId: pkg.id, linkId: link.id })
    await expectCode(previewShareLink(ctx(viewer, now), { token }), 'SHARE_LINK_INVALID')
  })

  it('refuses unknown, revoked, expired and other-package links', async () => {
    const { owner, stranger, viewer, pkg, other } = await setup()
    const now = new Date('2026-11-24T12:00:00Z')
    await expectCode(acceptShareLink(ctx(stranger, now), { token: 'no-such-token' }), 'SHARE_LINK_INVALID')
    await expectCode(acceptShareLink(ctx(stranger, now), { token: '' }), 'SHARE_LINK_INVALID')
    const a = await createShareLink(ctx(owner, now), { packageId: pkg.id, expiresAt: '2026-11-25' })
    expect(a.link.expiresAt).toBe('2026-11-25T23:59:59.999Z')
    // A link of package A never opens package B.
    await expectCode(acceptShareLink(ctx(stranger, now), { token: a.token, packageId: other.id }), 'SHARE_LINK_INVALID')
    await expectCode(getPackage(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    await expectCode(acceptShareLink(ctx(stranger, new Date('2026-11-26T00:00:00Z')), { token: a.token }), 'SHARE_LINK_EXPIRED')
    await expectCode(getPackage(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    expect(await acceptShareLink(ctx(stranger, now), { token: a.token, packageId: pkg.id })).toEqual({
      packageId: pkg.id,
      packageName: 'Skolstart',
    })

    const b = await createShareLink(ctx(owner, new Date('2026-11-24T12:01:00Z')), { packageId: pkg.id })
    await expectCode(revokeShareLink(ctx(viewer), { packageId: pkg.id, linkId: b.link.id }), 'PACKAGE_ACCESS_DENIED')
    await expectCode(revokeShareLink(ctx(stranger), { packageId: other.id, linkId: b.link.id }), 'SHARE_LINK_INVALID')
    await revokeShareLink(ctx(owner), { packageId: pkg.id, linkId: b.link.id })
    await expectCode(acceptShareLink(ctx(viewer, now), { token: b.token }), 'SHARE_LINK_INVALID')
    const links = (await packageSharing(ctx(owner, now), pkg.id)).links
    expect(links.map((l) => [l.id, l.active])).toEqual([
      [b.link.id, false],
      [a.link.id, true],
    ])
    await expectCode(createShareLink(ctx(owner, now), { packageId: pkg.id, expiresAt: '2026-11-01' }), 'BAD_REQUEST')
  })

  it('compares digests in constant time and only equal ones match', () => {
    const d = crypto.createHash('sha256').update('x').digest('hex')
    expect(sameDigest(d, d)).toBe(true)
    expect(sameDigest(d, crypto.createHash('sha256').update('y').digest('hex'))).toBe(false)
    expect(sameDigest(d, '')).toBe(false)
  })
})
