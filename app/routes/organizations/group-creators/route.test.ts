import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { createInvitation } from '~/services/invitations/invitations.server'
import { redeemInvitationCode } from '~/services/invitations/invitation-redemption.server'
import { readToast } from '~/http/toast.server'
import {
  args,
  cookiesFrom,
  createUser,
  lastMailTo,
  makeRequest,
  run,
  sessionCookieFor,
  uniqueEmail,
} from '../../../../tests/support/factories'
import { addMember, createMembers, createOrganization } from '../../../../tests/support/org-factories'
import * as page from './route'

async function setup() {
  const admin = await createUser({ name: 'Ada Admin' })
  const creator = await createUser({ name: 'Cecilia Creator' })
  const member = await createUser({ name: 'Morgan Member' })
  const org = await createOrganization({ name: 'Riverside', adminIds: [admin.id], memberIds: [member.id], groupCreatorIds: [creator.id] })
  const path = `/organizations/${org.id}/group-creators`
  return { admin, creator, member, org, path, params: { organizationId: org.id }, cookie: await sessionCookieFor(admin) }
}

const post = (path: string, form: Record<string, string | string[]>, cookie: string, params: Record<string, string>) =>
  run(() => page.action(args(makeRequest(path, { form, cookie }), params)))

async function toastOf(headers: Headers) {
  const { toast } = await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))
  return toast
}

const isCreator = async (orgId: string, userId: string) =>
  Number(
    (
      await db()
        .selectFrom('organization_members')
        .select('is_group_creator')
        .where('organization_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.is_group_creator,
  ) === 1

describe('group creators page: loader', () => {
  it('lists the group creators only, and the invitations', async () => {
    const { admin, creator, org, path, params, cookie } = await setup()
    await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const res = await run(() => page.loader(args(makeRequest(`${path}?sort=name&dir=desc`, { cookie }), params)))
    expect(res.status).toBe(200)
    expect(res.data.page.items.map((m: { _id: string }) => m._id)).toEqual([creator.id])
    expect(res.data.page.total).toBe(1)
    expect(res.data.query).toMatchObject({ sort: 'name', dir: 'desc' })
    expect(res.data.invitations).toHaveLength(1)
    expect(res.data.newCode).toBeNull()
  })

  it('is not found for members and other organizations’ admins, and asks the signed-out to sign in', async () => {
    const { member, path, params } = await setup()
    const otherAdmin = await createUser()
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const user of [member, otherAdmin]) {
      const cookie = await sessionCookieFor(user)
      expect((await run(() => page.loader(args(makeRequest(path, { cookie }), params)))).status).toBe(404)
      expect((await post(path, { intent: 'invite', type: 'open' }, cookie, params)).status).toBe(404)
    }
    const anonymous = await run(() => page.loader(args(makeRequest(path), params)))
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`)
  })
})

describe('group creators page: add and remove', () => {
  it('asks before removing without JavaScript, then removes and reports per item', async () => {
    const { creator, member, org, path, params, cookie } = await setup()
    const ask = await post(path, { intent: 'removeCreators', ids: [creator.id, member.id] }, cookie, params)
    expect(ask.data).toEqual({
      intent: 'removeCreators',
      confirm: {
        ids: [creator.id, member.id],
        count: 2,
        named: [
          { id: creator.id, name: `${creator.name} (${creator.email})` },
          { id: member.id, name: `${member.name} (${member.email})` },
        ],
      },
    })
    expect(await isCreator(org.id, creator.id)).toBe(true)

    const done = await post(`${path}?page=1`, { intent: 'removeCreators', ids: [creator.id, member.id], confirmed: '1' }, cookie, params)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`${path}?page=1`)
    // The one that failed is named beside its error, the one that succeeded too.
    expect(await toastOf(done.headers)).toEqual({
      key: 'groupCreators.toast.partial',
      values: { succeeded: '1', total: '2', count: '2' },
      type: 'error',
      items: {
        failed: { NOT_GROUP_CREATOR: [`${member.name} (${member.email})`] },
        moreFailed: 0,
        done: [`${creator.name} (${creator.email})`],
        moreDone: 0,
      },
    })
    expect(await isCreator(org.id, creator.id)).toBe(false)

    const none = await post(path, { intent: 'removeCreators', confirmed: '1' }, cookie, params)
    expect(none.status).toBe(400)
  })

  it('with "all N matching" removes the rights of every group creator the search matches, and only those', async () => {
    const { creator, org, path, params, cookie } = await setup()
    const matching = await createMembers(org.id, 52, { groupCreator: true, namePrefix: 'Lärare' })
    const ask = await post(`${path}?q=l%C3%A4rare`, { intent: 'removeCreators', scope: 'matching' }, cookie, params)
    expect(ask.data).toMatchObject({ intent: 'removeCreators', confirm: { ids: [], scope: 'matching', count: 52 } })
    expect((ask.data as { confirm: { named: unknown[] } }).confirm.named).toHaveLength(10)
    const done = await post(
      `${path}?q=l%C3%A4rare`,
      { intent: 'removeCreators', scope: 'matching', expected: '52', confirmed: '1' },
      cookie,
      params,
    )
    expect(await toastOf(done.headers)).toMatchObject({ values: { succeeded: '52', total: '52' } })
    for (const id of matching) expect(await isCreator(org.id, id)).toBe(false)
    expect(await isCreator(org.id, creator.id)).toBe(true)
  })

  it('adds group creators by the members’ email addresses; other addresses are not found', async () => {
    const { member, org, path, params, cookie } = await setup()
    const stranger = await createUser()
    const res = await post(path, { intent: 'addCreators', emails: `${member.email.toUpperCase()},\n${stranger.email}` }, cookie, params)
    expect(res.status).toBe(302)
    // A member is named by name; an address that is no member's by itself.
    expect(await toastOf(res.headers)).toMatchObject({
      values: { succeeded: '1', total: '2' },
      type: 'error',
      items: { failed: { MEMBER_NOT_FOUND: [stranger.email] }, done: [`${member.name} (${member.email})`] },
    })
    expect(await isCreator(org.id, member.id)).toBe(true)
    expect(
      await db()
        .selectFrom('organization_members')
        .select('user_id')
        .where('organization_id', '=', org.id)
        .where('user_id', '=', stranger.id)
        .executeTakeFirst(),
    ).toBeUndefined()

    const other = await createUser()
    await addMember(org.id, other.id)
    const ok = await post(path, { intent: 'addCreators', emails: other.email }, cookie, params)
    expect(await toastOf(ok.headers)).toMatchObject({
      key: 'groupCreators.toast.added',
      values: { succeeded: '1', total: '1' },
      type: 'success',
    })

    const bad = await post(path, { intent: 'addCreators', emails: 'not-an-address' }, cookie, params)
    expect(bad.status).toBe(400)
    expect(bad.data.result.error).toEqual({ emails: ['groupCreators.add.invalidEmail'] })
  })
})

describe('group creators page: invitations', () => {
  it('invites by email: a toast, and the email with the code', async () => {
    const { path, params, cookie } = await setup()
    const email = uniqueEmail('guest')
    const res = await post(path, { intent: 'invite', type: 'email', email }, cookie, params)
    expect(res.status).toBe(302)
    expect(await toastOf(res.headers)).toMatchObject({ key: 'invitations.toast.sent', values: { email } })
    expect((await lastMailTo(email))?.text_body).toMatch(/invitation-code\?code=[A-Z0-9]{6}/)
  })

  it('creates an open invitation and shows its code once, after the redirect', async () => {
    const { admin, org, path, params, cookie } = await setup()
    const res = await post(path, { intent: 'invite', type: 'open', email: '' }, cookie, params)
    expect(res.status).toBe(302)
    const cookies = `${cookie}; ${cookiesFrom(res.headers)}`
    const shown = await run(() => page.loader(args(makeRequest(path, { cookie: cookies }), params)))
    const code = shown.data.newCode.code as string
    expect(code).toMatch(/^[A-Z0-9]{6}$/)
    expect(shown.headers.getSetCookie().join(';')).toMatch(/new-invitation-code=;/)
    // The code works.
    const user = await createUser()
    expect(await redeemInvitationCode(ctxFor(user), code)).toMatchObject({ name: org.name })
    // Another organization's page does not show it.
    const other = await createOrganization({ adminIds: [admin.id] })
    const elsewhere = await run(() =>
      page.loader(args(makeRequest(`/organizations/${other.id}/group-creators`, { cookie: cookies }), { organizationId: other.id })),
    )
    expect(elsewhere.data.newCode).toBeNull()
  })

  it('answers form errors: missing email, someone already a group creator', async () => {
    const { creator, path, params, cookie } = await setup()
    const missing = await post(path, { intent: 'invite', type: 'email', email: '' }, cookie, params)
    expect(missing.status).toBe(400)
    expect(missing.data.result.error).toEqual({ email: ['validation.required'] })
    const already = await post(path, { intent: 'invite', type: 'email', email: creator.email }, cookie, params)
    expect(already.status).toBe(409)
    expect(already.data.result.error).toEqual({ '': ['errors.ALREADY_GROUP_CREATOR'] })
  })

  it('resends, and revokes after confirmation; a stale row gives an error toast', async () => {
    const { admin, org, path, params, cookie } = await setup()
    const email = uniqueEmail('guest')
    const { invitation, code } = await createInvitation(ctxFor(admin), org.id, { type: 'email', email, groupCreator: true })
    const resent = await post(path, { intent: 'resend', ids: invitation._id }, cookie, params)
    expect(await toastOf(resent.headers)).toMatchObject({ key: 'invitations.toast.resent', values: { email } })
    expect((await lastMailTo(email))?.text_body).not.toContain(`code=${code}`)

    const ask = await post(path, { intent: 'revoke', ids: invitation._id }, cookie, params)
    expect(ask.data).toEqual({ intent: 'revoke', confirm: { ids: [invitation._id], count: 1, named: [] } })
    const revoked = await post(path, { intent: 'revoke', ids: invitation._id, confirmed: '1' }, cookie, params)
    expect(await toastOf(revoked.headers)).toMatchObject({ key: 'invitations.toast.revoked', type: 'success' })
    const again = await post(path, { intent: 'revoke', ids: invitation._id, confirmed: '1' }, cookie, params)
    expect(await toastOf(again.headers)).toEqual({
      key: 'invitations.toast.failed',
      values: { code: 'INVITATION_NOT_FOUND' },
      type: 'error',
    })
  })
})
