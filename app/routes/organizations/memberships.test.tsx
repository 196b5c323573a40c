import { describe, expect, it } from 'vitest'
import { ctxFor } from '~/services/context.server'
import { redeemInvitationCode } from '~/services/invitations/invitation-redemption.server'
import { addMembersByEmail } from '~/services/member-import/add-by-email.server'
import { args, createUser, lastMailTo, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { renderHtml, textOf } from '../../../tests/support/render'
import * as list from './list'
import { MembershipsList } from './memberships-list'

/*
 * Issue 35, item 5: a new member who joined an organization by code finds it on /organizations,
 * with a next step; before, the page said "You have no organizations to manage yet".
 */

const codeIn = (text: string) => text.match(/invitation-code\?code=([A-Z0-9]{6})/)?.[1]

describe('/organizations for a plain member (issue 35)', () => {
  it('lists the organizations they belong to, with their groups there, and nobody else’s', async () => {
    const admin = await createUser()
    const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id] })
    await addMembersByEmail(ctxFor(admin), org.id, ['nora.ny@example.se'])
    const nora = await createUser({ name: 'Nora Ny', email: 'nora.ny@example.se' })
    const code = codeIn((await lastMailTo('nora.ny@example.se'))!.text_body)!
    const joined = await redeemInvitationCode(ctxFor(nora), code)
    expect(joined.redirectTo).toBe('/organizations')

    const stranger = await createUser()
    const other = await createOrganization({ name: 'Annan skola', adminIds: [stranger.id] })
    await createGroup(other.id, { name: 'Hemlig', ownerId: stranger.id })
    const cookie = await sessionCookieFor(nora)
    const page = await run(() => list.loader(args(makeRequest('/organizations', { cookie }))))
    expect(page.data.organizations).toEqual([])
    expect(page.data.memberships).toEqual([expect.objectContaining({ _id: org.id, name: 'Exempelskolan', groups: 0, active: true })])

    await createGroup(org.id, { name: 'Bild 7A', ownerId: admin.id, memberIds: [nora.id] })
    const later = await run(() => list.loader(args(makeRequest('/organizations', { cookie }))))
    expect(later.data.memberships[0].groups).toBe(1)
    // An admin's own list is unchanged: its organizations, no memberships.
    const adminCookie = await sessionCookieFor(admin)
    const adminPage = await run(() => list.loader(args(makeRequest('/organizations', { cookie: adminCookie }))))
    expect(adminPage.data.memberships).toEqual([])
  })

  it('says where to go next, in both languages', async () => {
    const memberships = [
      { _id: 'a', name: 'Exempelskolan', active: true, joined: '2026-11-01T10:00:00Z', groups: 0 },
      { _id: 'b', name: 'Bäckskolan', active: true, joined: '2026-11-01T10:00:00Z', groups: 2 },
    ]
    const sv = textOf(await renderHtml(<MembershipsList memberships={memberships} />, 'sv'))
    expect(sv).toContain('Du är inte med i någon av dess grupper ännu.')
    expect(sv).toContain('Du är med i 2 av dess grupper.')
    const html = await renderHtml(<MembershipsList memberships={memberships} />, 'en')
    expect(html).toContain('href="/invitation-code"')
    expect(html).toContain('href="/groups"')
    expect(textOf(html)).toContain('Use an invitation code')
  })
})
