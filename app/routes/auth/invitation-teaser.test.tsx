import { describe, expect, it } from 'vitest'
import { ctxFor } from '~/services/context.server'
import { createGroupInvitation, createInvitation } from '~/services/invitations/invitations.server'
import { createShareLink } from '~/services/library/share-links.server'
import { args, createUser, makeRequest, run } from '../../../tests/support/factories'
import { createPackage } from '../../../tests/support/library-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { renderHtml, textOf } from '../../../tests/support/render'
import { InvitationTeaser } from './invitation-teaser'
import * as signin from './signin'
import * as signup from './signup'

/*
 * Issue 35, item 8: a signed-out visitor whom an invitation link sent to sign in (or up) is told
 * what the invitation is to and by whom, before signing in; then the way back finishes it.
 */

const teaserOf = async (page: typeof signin | typeof signup, redirectTo: string) =>
  (
    await run(() =>
      page.loader(args(makeRequest(`/${page === signin ? 'signin' : 'signup'}?redirectTo=${encodeURIComponent(redirectTo)}`))),
    )
  ).data.teaser

describe('the sign-in and sign-up pages an invitation link leads to (issue 35)', () => {
  it('name the group, the organization and the inviter of a code; a made-up or revoked code names nothing', async () => {
    const admin = await createUser({ name: 'Ada Admin' })
    const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id] })
    const group = await createGroup(org.id, { name: 'Bild 7A', ownerId: admin.id })
    const open = await createGroupInvitation(ctxFor(admin), group.id, { type: 'open' })
    const creator = await createInvitation(ctxFor(admin), org.id, { type: 'email', email: 'ny@example.se', groupCreator: true })

    for (const page of [signin, signup]) {
      expect(await teaserOf(page, `/invitation-code?code=${open.code.toLowerCase()}`)).toEqual({
        kind: 'group',
        organization: 'Exempelskolan',
        group: 'Bild 7A',
        from: 'Ada Admin',
      })
    }
    expect(await teaserOf(signin, `/invitation-code?code=${creator.code}`)).toMatchObject({ kind: 'groupCreator', from: 'Ada Admin' })
    expect(await teaserOf(signin, '/invitation-code?code=AAAAAA')).toBeNull()
    expect(await teaserOf(signin, '/groups')).toBeNull()
    expect(await teaserOf(signin, 'https://evil.example/invitation-code?code=' + open.code)).toBeNull()
  })

  it('name the package and who shared it for a share link', async () => {
    const owner = await createUser({ name: 'Olle Ägare' })
    const pkg = await createPackage({ ownerId: owner.id, name: 'Skolstart' })
    const { token } = await createShareLink(ctxFor(owner), { packageId: pkg.id })
    expect(await teaserOf(signin, `/library/packages/accept-share-link?token=${token}`)).toEqual({
      kind: 'package',
      name: 'Skolstart',
      from: 'Olle Ägare',
    })
    expect(await teaserOf(signup, '/library/packages/accept-share-link?token=nope')).toBeNull()
  })

  it('says it in both languages', async () => {
    const teaser = { kind: 'group' as const, organization: 'Exempelskolan', group: 'Bild 7A', from: 'Ada Admin' }
    const sv = textOf(await renderHtml(<InvitationTeaser teaser={teaser} page="signin" />, 'sv'))
    expect(sv).toContain('Du är inbjuden till gruppen Bild 7A i Exempelskolan')
    expect(sv).toContain('Inbjuden av Ada Admin.')
    const en = textOf(
      await renderHtml(<InvitationTeaser teaser={{ kind: 'package', name: 'Skolstart', from: 'Olle' }} page="signup" />, 'en'),
    )
    expect(en).toContain('The package “Skolstart” is shared with you')
    expect(en).toContain('Shared by Olle.')
  })
})
