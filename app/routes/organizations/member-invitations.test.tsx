import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { ctxFor } from '~/services/context.server'
import { revokeInvitation } from '~/services/invitations/invitation-admin.server'
import { redeemInvitationCode } from '~/services/invitations/invitation-redemption.server'
import { createInvitation } from '~/services/invitations/invitations.server'
import { addMembersByEmail } from '~/services/member-import/add-by-email.server'
import { renderHtml } from '../../../tests/support/render'
import { args, cookiesFrom, createUser, lastMailTo, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import * as creatorsPage from './group-creators/route'
import { InvitationsTable } from './invitations-table'
import * as membersPage from './members'

/*
 * Issue 35, item 3: invitations to become a member and to become a group creator are told apart.
 * The group creators page lists only the second; the members page lists the first, pending, with
 * resend and revoke; a used invitation offers no revoke.
 */

async function setup() {
  const admin = await createUser({ name: 'Ada Admin', locale: 'en' })
  const member = await createUser({ name: 'Morgan Member' })
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id], memberIds: [member.id] })
  await addMembersByEmail(ctxFor(admin), org.id, ['ny.elev@example.se'])
  const { invitation: creatorInvitation } = await createInvitation(ctxFor(admin), org.id, {
    type: 'email',
    email: 'blivande.larare@example.se',
    groupCreator: true,
  })
  const memberInvitation = await db()
    .selectFrom('invitations')
    .select('id')
    .where('email', '=', 'ny.elev@example.se')
    .where('organization_id', '=', org.id)
    .executeTakeFirstOrThrow()
  return { admin, member, org, creatorInvitation, memberInvitationId: memberInvitation.id, params: { organizationId: org.id } }
}

const toastOf = async (headers: Headers) =>
  (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast

describe('member invitations and group-creator invitations (issue 35)', () => {
  it('the group creators page lists only group-creator invitations; the members page only pending member invitations', async () => {
    const { admin, org, params, creatorInvitation, memberInvitationId } = await setup()
    const cookie = await sessionCookieFor(admin)
    const creators = await run(() => creatorsPage.loader(args(makeRequest(`/organizations/${org.id}/group-creators`, { cookie }), params)))
    expect(creators.data.invitations.map((i: { _id: string }) => i._id)).toEqual([creatorInvitation._id])
    const members = await run(() => membersPage.loader(args(makeRequest(`/organizations/${org.id}/members`, { cookie }), params)))
    expect(members.data.invitations).toEqual([
      expect.objectContaining({ _id: memberInvitationId, email: 'ny.elev@example.se', groupCreator: false, status: 'pending' }),
    ])
    expect(membersPage.handle.i18nArea).toBe('invitations')
  })

  it('resends a member invitation from the members page as a member invitation, and revokes it after confirmation', async () => {
    const { admin, org, params, memberInvitationId } = await setup()
    const cookie = await sessionCookieFor(admin)
    const path = `/organizations/${org.id}/members`
    const post = (form: Record<string, string>) => run(() => membersPage.action(args(makeRequest(path, { form, cookie }), params)))

    const resent = await post({ intent: 'resend', ids: memberInvitationId })
    expect(await toastOf(resent.headers)).toMatchObject({ key: 'invitations.toast.resent', values: { email: 'ny.elev@example.se' } })
    // The email says what it is for: membership, not group creation.
    expect((await lastMailTo('ny.elev@example.se'))?.subject).toBe('You are invited to Exempelskolan')

    const ask = await post({ intent: 'revoke', ids: memberInvitationId })
    expect(ask.data).toEqual({ intent: 'revoke', confirm: { ids: [memberInvitationId], count: 1, named: [] } })
    const revoked = await post({ intent: 'revoke', ids: memberInvitationId, confirmed: '1' })
    expect(await toastOf(revoked.headers)).toMatchObject({ key: 'invitations.toast.revoked', type: 'success' })
    const listed = await run(() => membersPage.loader(args(makeRequest(path, { cookie }), params)))
    expect(listed.data.invitations).toEqual([])
    // A stale row: its message as an error toast.
    const again = await post({ intent: 'revoke', ids: memberInvitationId, confirmed: '1' })
    expect(await toastOf(again.headers)).toMatchObject({ key: 'errors.INVITATION_NOT_FOUND', type: 'error' })
  })

  it('refuses resend and revoke to a plain member and to another organization’s admin; nothing changes', async () => {
    const { member, org, params, memberInvitationId } = await setup()
    const otherAdmin = await createUser()
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const user of [member, otherAdmin]) {
      const cookie = await sessionCookieFor(user)
      for (const intent of ['resend', 'revoke']) {
        const res = await run(() =>
          membersPage.action(
            args(
              makeRequest(`/organizations/${org.id}/members`, { form: { intent, ids: memberInvitationId, confirmed: '1' }, cookie }),
              params,
            ),
          ),
        )
        expect(res.status).toBe(404)
      }
    }
    const row = await db().selectFrom('invitations').select(['revoked_at']).where('id', '=', memberInvitationId).executeTakeFirstOrThrow()
    expect(row.revoked_at).toBeNull()
  })

  it('a used invitation cannot be revoked, and its row offers no revoke', async () => {
    const { admin, org } = await setup()
    const invitee = await createUser({ email: 'ny.larare@example.se' })
    const { invitation, code } = await createInvitation(ctxFor(admin), org.id, { type: 'email', email: invitee.email, groupCreator: true })
    await redeemInvitationCode(ctxFor(invitee), code)
    await expect(revokeInvitation(ctxFor(admin), invitation._id)).rejects.toMatchObject({ code: 'USED' })
    const used = { ...invitation, status: 'used' as const }
    for (const locale of ['sv', 'en'] as const) {
      const html = await renderHtml(<InvitationsTable invitations={[used, { ...invitation, _id: 'x', status: 'pending' }]} />, locale)
      expect(html.match(/name="intent" value="revoke"/g)).toHaveLength(1)
      expect(html).toContain(locale === 'sv' ? 'Gruppskapare' : 'Group creator')
    }
  })
})
