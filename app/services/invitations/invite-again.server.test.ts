import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { createUser, lastMailTo } from '../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { toastOf } from '../../../tests/support/toast'
import { args, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { ctxFor } from '../context.server'
import { addMembersByEmail } from '../member-import/add-by-email.server'
import * as creatorsPage from '../../routes/organizations/group-creators/route'
import { redeemInvitationCode } from './invitation-redemption.server'
import { createGroupInvitation, createInvitation } from './invitations.server'

/*
 * Issue 35, item 12: inviting the same address again to the same thing sends the invitation it
 * has again (a new code, the old one stops working) instead of making a second pending one.
 */

const pendingTo = (organizationId: string, email: string) =>
  db()
    .selectFrom('invitations')
    .select(['id', 'group_id', 'group_creator'])
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()

describe('inviting the same address again (issue 35)', () => {
  it('as group creator: the invitation is sent again with a new code; the old code stops working; the page says so', async () => {
    const admin = await createUser({ locale: 'en' })
    const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id] })
    const first = await createInvitation(ctxFor(admin), org.id, { type: 'email', email: 'Lena@Example.se', groupCreator: true })
    const second = await createInvitation(ctxFor(admin), org.id, { type: 'email', email: 'lena@example.se', groupCreator: true })
    expect(first.resent).toBe(false)
    expect(second).toMatchObject({ resent: true, invitation: { _id: first.invitation._id } })
    expect(second.code).not.toBe(first.code)
    expect(await pendingTo(org.id, 'lena@example.se')).toHaveLength(1)
    expect((await lastMailTo('lena@example.se'))?.text_body).toContain(second.code)

    const lena = await createUser({ email: 'lena@example.se' })
    await expect(redeemInvitationCode(ctxFor(lena), first.code)).rejects.toMatchObject({ code: expect.any(String) })
    await redeemInvitationCode(ctxFor(lena), second.code)
    expect(await pendingTo(org.id, 'lena@example.se')).toHaveLength(0)

    // Through the page, in words.
    const cookie = await sessionCookieFor(admin)
    const path = `/organizations/${org.id}/group-creators`
    const post = () =>
      run(() =>
        creatorsPage.action(
          args(makeRequest(path, { form: { intent: 'invite', type: 'email', email: 'kim@example.se' }, cookie }), {
            organizationId: org.id,
          }),
        ),
      )
    expect((await toastOf((await post()).headers, 'en'))?.key).toBe('invitations.toast.sent')
    const again = await toastOf((await post()).headers, 'en')
    expect(again?.text).toBe('kim@example.se was already invited: the invitation was sent again with a new code.')
    expect(await pendingTo(org.id, 'kim@example.se')).toHaveLength(1)
  })

  it('to a group, by one of its leaders: one pending invitation, sent again', async () => {
    const admin = await createUser()
    const leader = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const group = await createGroup(org.id, { name: 'Bild 7A', ownerId: admin.id, memberIds: [[leader.id, 'leader']] })
    const first = await createGroupInvitation(ctxFor(leader), group.id, { type: 'email', email: 'elev@example.se' })
    const second = await createGroupInvitation(ctxFor(leader), group.id, { type: 'email', email: 'elev@example.se' })
    expect(second).toMatchObject({ resent: true, invitation: { _id: first.invitation._id } })
    expect(await pendingTo(org.id, 'elev@example.se')).toEqual([expect.objectContaining({ group_id: group.id })])
    // Another group is another invitation.
    const other = await createGroup(org.id, { name: 'Musik 8B', ownerId: admin.id })
    expect((await createGroupInvitation(ctxFor(admin), other.id, { type: 'email', email: 'elev@example.se' })).resent).toBe(false)
    expect(await pendingTo(org.id, 'elev@example.se')).toHaveLength(2)
  })

  it('a member invitation and a group-creator invitation to one address are two things', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    await addMembersByEmail(ctxFor(admin), org.id, ['ny@example.se'])
    expect((await createInvitation(ctxFor(admin), org.id, { type: 'email', email: 'ny@example.se', groupCreator: true })).resent).toBe(
      false,
    )
    expect((await pendingTo(org.id, 'ny@example.se')).map((r) => r.group_creator).sort()).toEqual([0, 1])
  })
})
