import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { createGroupInvitation, createInvitation } from '~/services/invitations.server'
import { args, createUser, lastMailTo, makeRequest, run, sessionCookieFor, tokenFromMail, uniqueEmail } from '../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import * as verifyEmailApi from '../api/verify-email'
import * as forgot from './forgot-password'
import * as invitationCode from './invitation-code'
import * as signup from './signup'
import * as verify from './verify'

const post = (path: string, form: Record<string, string>, cookie?: string, client?: string) => {
  const a = args(makeRequest(path, { form, cookie }))
  if (client) a.context.clientIp = client
  return a
}

async function orgAndAdmin() {
  const admin = await createUser({ name: 'Ada' })
  const org = await createOrganization({ name: 'Lakeside', adminIds: [admin.id] })
  return { admin, org }
}

const membership = (orgId: string, userId: string) =>
  db().selectFrom('organization_members').selectAll().where('organization_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst()

describe('/invitation-code screen', () => {
  it('sends a signed-out visitor to sign in, keeping the code', async () => {
    const res = await run(() => invitationCode.loader(args(makeRequest('/invitation-code?code=ACD234'))))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent('/invitation-code?code=ACD234')}`)
    const posted = await run(() => invitationCode.action(post('/invitation-code', { code: 'ACD234' })))
    expect(posted.status).toBe(302)
    expect(posted.headers.get('Location')).toMatch(/^\/signin\?redirectTo=/)
  })

  it('prefills the code from ?code=', async () => {
    const cookie = await sessionCookieFor(await createUser())
    const res = await run(() => invitationCode.loader(args(makeRequest('/invitation-code?code=acd234', { cookie }))))
    expect(res.data).toEqual({ code: 'ACD234' })
  })

  it('redeems and redirects to the target with a toast', async () => {
    const { admin, org } = await orgAndAdmin()
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const res = await run(() => invitationCode.action(post('/invitation-code', { code: code.toLowerCase() }, cookie)))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/organizations')
    expect(res.headers.getSetCookie().join(';')).toMatch(/toast=/)
    expect(await membership(org.id, user.id)).toMatchObject({ is_group_creator: 1 })
  })

  it('shows every catalogue error with its status, and the name and link for the 409s', async () => {
    const { admin, org } = await orgAndAdmin()
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const submit = (code: string) => run(() => invitationCode.action(post('/invitation-code', { code }, cookie)))

    const notFound = await submit('ACD234')
    expect(notFound.status).toBe(404)
    expect(notFound.data.error).toEqual({ code: 'INVITATION_NOT_FOUND' })

    const forOther = await createInvitation(ctxFor(admin), org.id, { type: 'email', email: uniqueEmail(), groupCreator: true })
    const wrong = await submit(forOther.code)
    expect(wrong.status).toBe(403)
    expect(wrong.data.error).toEqual({ code: 'WRONG_EMAIL' })

    const mine = await createInvitation(ctxFor(admin), org.id, { type: 'email', email: user.email, groupCreator: true })
    expect((await submit(mine.code)).status).toBe(302)
    const used = await submit(mine.code)
    expect(used.status).toBe(410)
    expect(used.data.error).toEqual({ code: 'USED' })

    const open = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const already = await submit(open.code)
    expect(already.status).toBe(409)
    expect(already.data.error).toEqual({ code: 'IS_ALREADY_GROUP_CREATOR', redirectTo: '/organizations', name: 'Lakeside' })

    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Year 9' })
    const groupCode = await createGroupInvitation(ctxFor(admin), group.id)
    // The group's own screen is not built yet (BUILT_SCREENS.groups): the feed, with a toast naming the group.
    expect((await submit(groupCode.code)).headers.get('Location')).toBe('/')
    const inGroup = await submit(groupCode.code)
    expect(inGroup.status).toBe(409)
    expect(inGroup.data.error).toEqual({ code: 'ALREADY_ADDED_TO_GROUP', redirectTo: `/groups/${group.id}/home`, name: 'Year 9' })

    const short = await submit('ACD')
    expect(short.status).toBe(400)
    expect(short.data.result.error).toEqual({ code: ['validation.invitationCode'] })
    const empty = await submit('')
    expect(empty.data.result.error).toEqual({ code: ['validation.required'] })
  })

  it('answers 429 with retryAt after 10 failures from one client', async () => {
    const cookie = await sessionCookieFor(await createUser())
    for (let i = 0; i < 10; i++) expect((await run(() => invitationCode.action(post('/invitation-code', { code: 'ACD234' }, cookie, 'cafe')))).status).toBe(404)
    const limited = await run(() => invitationCode.action(post('/invitation-code', { code: 'ACD234' }, cookie, 'cafe')))
    expect(limited.status).toBe(429)
    expect(limited.data.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', retryAt: expect.any(String) })
  })
})

describe('sign-up with an invitation code', () => {
  async function signUpWith(invitationCode: string, email = uniqueEmail('joiner')) {
    const res = await run(() =>
      signup.action(post('/signup', { name: 'Jo Iner', email, password: 'long-enough-pw', locale: 'en', timezone: 'Europe/Stockholm', invitationCode })),
    )
    expect(res.status).toBe(302)
    return { email, token: tokenFromMail((await lastMailTo(email))!.text_body) }
  }

  it('redeems the code once the email is verified; sign-in then leads to the target', async () => {
    const { admin, org } = await orgAndAdmin()
    const email = uniqueEmail('joiner')
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'email', email, groupCreator: true })
    const { token } = await signUpWith(code.toLowerCase(), email)
    const user = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    expect(await membership(org.id, user.id)).toBeUndefined()

    const res = await run(() => verify.action(post('/verify', { token })))
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('Location')!, 'http://x')
    expect(location.pathname).toBe('/signin')
    expect(location.searchParams.get('redirectTo')).toBe('/organizations')
    expect(await membership(org.id, user.id)).toMatchObject({ role: 'member', is_group_creator: 1 })
  })

  it('keeps going when the code fails: sign-in leads to /invitation-code (the code is in their email)', async () => {
    const { token } = await signUpWith('ACD234')
    const res = await run(() => verify.action(post('/verify', { token })))
    const location = new URL(res.headers.get('Location')!, 'http://x')
    expect(location.searchParams.get('notice')).toBe('verified')
    expect(location.searchParams.get('redirectTo')).toBe('/invitation-code')
  })

  const pendingData = async (email: string) =>
    (
      await db()
        .selectFrom('tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select('t.data')
        .where('u.email', '=', email)
        .where('t.purpose', '=', 'verify-email')
        .where('t.used_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).data

  it('keeps only the hash of the code until the address is verified', async () => {
    const { admin, org } = await orgAndAdmin()
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const { email } = await signUpWith(`${code.slice(0, 3)}-${code.slice(3).toLowerCase()}`)
    const data = await pendingData(email)
    expect(data).not.toContain(code)
    expect(JSON.parse(data!)).toEqual({ invitationCodeHashes: [expect.stringMatching(/^[0-9a-f]{64}$/)] })
  })

  it('keeps the code when the verification email is sent again', async () => {
    const { admin, org } = await orgAndAdmin()
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const { email, token: first } = await signUpWith(code)
    expect((await run(() => forgot.action(post('/verify/resend', { email })))).status).toBe(302)
    const token = tokenFromMail((await lastMailTo(email))!.text_body)
    expect(token).not.toBe(first)
    const res = await run(() => verify.action(post('/verify', { token })))
    expect(new URL(res.headers.get('Location')!, 'http://x').searchParams.get('redirectTo')).toBe('/organizations')
    const user = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    expect(await membership(org.id, user.id)).toMatchObject({ is_group_creator: 1 })
  })

  it('signs up from the invitation link: sign-in passed redirectTo=/invitation-code?code=X on to the sign-up tab', async () => {
    const { admin, org } = await orgAndAdmin()
    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Choir' })
    const { code } = await createGroupInvitation(ctxFor(admin), group.id)
    const redirectTo = `/invitation-code?code=${code.toLowerCase()}`
    const page = await run(() => signup.loader(args(makeRequest(`/signup?redirectTo=${encodeURIComponent(redirectTo)}`))))
    expect(page.data).toMatchObject({ invitationCode: code, redirectTo })

    const email = uniqueEmail('linked')
    const form = { name: 'Li Nked', email, password: 'long-enough-pw', locale: 'en', timezone: 'Europe/Stockholm' }
    const created = await run(() => signup.action(post('/signup', { ...form, invitationCode: page.data.invitationCode, redirectTo: page.data.redirectTo })))
    expect(created.status).toBe(302)
    expect(await pendingData(email)).not.toContain(code)
    const token = tokenFromMail((await lastMailTo(email))!.text_body)
    const res = await run(() => verify.action(post('/verify', { token })))
    expect(new URL(res.headers.get('Location')!, 'http://x').searchParams.get('redirectTo')).toBe(`/groups/${group.id}/home`)
  })

  it('keeps any other same-origin redirectTo through verification, and drops one to another origin', async () => {
    const page = await run(() => signup.loader(args(makeRequest(`/signup?redirectTo=${encodeURIComponent('/support?topic=a')}`))))
    expect(page.data).toMatchObject({ invitationCode: '', redirectTo: '/support?topic=a' })
    for (const [redirectTo, expected] of [
      ['/support?topic=a', '/support?topic=a'],
      ['https://evil.example/', null],
      ['//evil.example', null],
    ] as const) {
      const email = uniqueEmail('redirect')
      const form = { name: 'Re Direct', email, password: 'long-enough-pw', locale: 'en', timezone: 'Europe/Stockholm', redirectTo }
      expect((await run(() => signup.action(post('/signup', form)))).status).toBe(302)
      const token = tokenFromMail((await lastMailTo(email))!.text_body)
      const res = await run(() => verify.action(post('/verify', { token })))
      expect(new URL(res.headers.get('Location')!, 'http://x').searchParams.get('redirectTo')).toBe(expected)
    }
  })

  it('drops a malformed code instead of failing on a hidden field', async () => {
    const page = await run(() => signup.loader(args(makeRequest('/signup?invitationCode=not-a-code'))))
    expect(page.data.invitationCode).toBe('')
    const email = uniqueEmail('malformed')
    const res = await run(() =>
      signup.action(post('/signup', { name: 'Mal Formed', email, password: 'long-enough-pw', locale: 'en', timezone: 'Europe/Stockholm', invitationCode: 'x' })),
    )
    expect(res.status).toBe(302)
    expect(await pendingData(email)).toBeNull()
  })

  it('does the same through POST /api/verify-email, with signinAt', async () => {
    const { admin, org } = await orgAndAdmin()
    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Drama' })
    const { code } = await createGroupInvitation(ctxFor(admin), group.id)
    const { email, token } = await signUpWith(code)
    const res = (await verifyEmailApi.action(args(makeRequest('/api/verify-email', { json: { token } })))) as Response
    const body = await res.json()
    expect(body).toEqual({
      message: 'VERIFY_SIGNIN_REQUIRED',
      email,
      signinAt: `/signin?email=${encodeURIComponent(email)}&redirectTo=${encodeURIComponent(`/groups/${group.id}/home`)}`,
    })
    const user = await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    expect(await db().selectFrom('group_members').select('role').where('group_id', '=', group.id).where('user_id', '=', user.id).executeTakeFirst()).toEqual({
      role: 'member',
    })
  })
})
