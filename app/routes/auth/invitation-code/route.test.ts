import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { createGroupInvitation, createInvitation } from '~/services/invitations/invitations.server'
import {
  args,
  createUser,
  lastMailTo,
  makeRequest,
  run,
  sessionCookieFor,
  tokenFromMail,
  uniqueEmail,
} from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import * as verifyEmailApi from '../../api/verify-email'
import * as forgot from '../forgot-password'
import * as invitationCode from './route'
import * as signup from '../signup'
import * as verify from '../verify'

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

/** What joining changes: memberships, group memberships, invitations (their use) and the audit log. */
async function tables() {
  const d = db()
  return Promise.all([
    d.selectFrom('organization_members').selectAll().orderBy('organization_id').orderBy('user_id').execute(),
    d.selectFrom('group_members').selectAll().orderBy('group_id').orderBy('user_id').execute(),
    d.selectFrom('invitations').select(['id', 'used_at', 'used_by']).orderBy('id').execute(),
    d.selectFrom('audit_log').select('id').orderBy('id').execute(),
  ])
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

  it('prefills a malformed code from ?code=, asking nothing', async () => {
    const cookie = await sessionCookieFor(await createUser())
    const res = await run(() => invitationCode.loader(args(makeRequest('/invitation-code?code=acd', { cookie }))))
    expect(res.data).toEqual({ code: 'ACD', confirm: null, error: null, pendingFailed: false, waiting: 0 })
  })

  it('says how many invitations to the user wait in the inbox, which needs no code', async () => {
    const { admin, org } = await orgAndAdmin()
    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Year 9' })
    const user = await createUser()
    await createGroupInvitation(ctxFor(admin), group.id, { type: 'email', email: user.email })
    await createInvitation(ctxFor(admin), org.id, { type: 'email', email: user.email, groupCreator: true })
    const cookie = await sessionCookieFor(user)
    const res = await run(() => invitationCode.loader(args(makeRequest('/invitation-code', { cookie }))))
    expect(res.data.waiting).toBe(2)
  })

  it("a link's code asks first, naming what the user joins, and changes nothing", async () => {
    const { admin, org } = await orgAndAdmin()
    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Year 9' })
    const creator = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const groupCode = await createGroupInvitation(ctxFor(admin), group.id)
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const open = (code: string) => run(() => invitationCode.loader(args(makeRequest(`/invitation-code?code=${code}`, { cookie }))))
    const before = await tables()

    const asCreator = await open(creator.code.toLowerCase())
    expect(asCreator.status).toBe(200)
    expect(asCreator.data.confirm).toEqual({ kind: 'groupCreator', organization: 'Lakeside', code: creator.code })
    expect((await open(groupCode.code)).data.confirm).toEqual({
      kind: 'group',
      organization: 'Lakeside',
      group: 'Year 9',
      code: groupCode.code,
    })
    // A code that does not work says why at once (and counts, as a guess would).
    const unknown = await open('ACD234')
    expect(unknown.status).toBe(404)
    expect(unknown.data).toMatchObject({ confirm: null, error: { code: 'INVITATION_NOT_FOUND' } })

    expect(await tables()).toEqual(before)
    expect(await membership(org.id, user.id)).toBeUndefined()
  })

  it('a typed code asks first too; the confirmation joins and redirects to the target with a toast', async () => {
    const { admin, org } = await orgAndAdmin()
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const asked = await run(() => invitationCode.action(post('/invitation-code', { code: code.toLowerCase() }, cookie)))
    expect(asked.status).toBe(200)
    expect(asked.data.confirm).toEqual({ kind: 'groupCreator', organization: 'Lakeside', code })
    expect(await membership(org.id, user.id)).toBeUndefined()

    const res = await run(() => invitationCode.action(post('/invitation-code', { intent: 'join', code: asked.data.confirm.code }, cookie)))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/organizations')
    expect(res.headers.getSetCookie().join(';')).toMatch(/toast=/)
    expect(await membership(org.id, user.id)).toMatchObject({ is_group_creator: 1 })
  })

  it('answers an unknown intent with 400, joining nothing', async () => {
    const { admin, org } = await orgAndAdmin()
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const res = await run(() => invitationCode.action(post('/invitation-code', { intent: 'redeem', code }, cookie)))
    expect(res.status).toBe(400)
    expect(await membership(org.id, user.id)).toBeUndefined()
  })

  it('shows every catalogue error with its status, and the name and link for the 409s', async () => {
    const { admin, org } = await orgAndAdmin()
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const submit = (code: string) => run(() => invitationCode.action(post('/invitation-code', { code }, cookie)))
    const join = (code: string) => run(() => invitationCode.action(post('/invitation-code', { intent: 'join', code }, cookie)))

    const notFound = await submit('ACD234')
    expect(notFound.status).toBe(404)
    expect(notFound.data.error).toEqual({ code: 'INVITATION_NOT_FOUND' })

    const forOther = await createInvitation(ctxFor(admin), org.id, { type: 'email', email: uniqueEmail(), groupCreator: true })
    const wrong = await submit(forOther.code)
    expect(wrong.status).toBe(403)
    expect(wrong.data.error).toEqual({ code: 'WRONG_EMAIL' })

    const mine = await createInvitation(ctxFor(admin), org.id, { type: 'email', email: user.email, groupCreator: true })
    expect((await join(mine.code)).status).toBe(302)
    const used = await submit(mine.code)
    expect(used.status).toBe(410)
    expect(used.data.error).toEqual({ code: 'USED' })

    const open = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const already = await submit(open.code)
    expect(already.status).toBe(409)
    expect(already.data.error).toEqual({ code: 'IS_ALREADY_GROUP_CREATOR', redirectTo: '/organizations', name: 'Lakeside' })

    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Year 9' })
    const groupCode = await createGroupInvitation(ctxFor(admin), group.id)
    // The group's own screen (BUILT_SCREENS.groups).
    expect((await join(groupCode.code)).headers.get('Location')).toBe(`/groups/${group.id}/home`)
    const inGroup = await submit(groupCode.code)
    expect(inGroup.status).toBe(409)
    expect(inGroup.data.error).toEqual({ code: 'ALREADY_ADDED_TO_GROUP', redirectTo: `/groups/${group.id}/home`, name: 'Year 9' })

    const short = await submit('ACD')
    expect(short.status).toBe(400)
    expect(short.data.result.error).toEqual({ code: ['validation.invitationCode'] })
    const empty = await submit('')
    expect(empty.data.result.error).toEqual({ code: ['validation.required'] })
    // The confirmation's answer fails alike when the code stopped working meanwhile.
    const usedMeanwhile = await join(mine.code)
    expect(usedMeanwhile.status).toBe(410)
    expect(usedMeanwhile.data.error).toEqual({ code: 'USED' })
  })

  it('answers 429 with retryAt after 10 failures from one client', async () => {
    const cookie = await sessionCookieFor(await createUser())
    for (let i = 0; i < 10; i++)
      expect((await run(() => invitationCode.action(post('/invitation-code', { code: 'ACD234' }, cookie, 'cafe')))).status).toBe(404)
    const limited = await run(() => invitationCode.action(post('/invitation-code', { code: 'ACD234' }, cookie, 'cafe')))
    expect(limited.status).toBe(429)
    expect(limited.data.error).toEqual({ code: 'TOO_MANY_ATTEMPTS', retryAt: expect.any(String) })
  })
})

describe('sign-up with an invitation code', () => {
  async function signUpWith(invitationCode: string, email = uniqueEmail('joiner')) {
    const res = await run(() =>
      signup.action(
        post('/signup', { name: 'Jo Iner', email, password: 'long-enough-pw', locale: 'en', timezone: 'Europe/Stockholm', invitationCode }),
      ),
    )
    expect(res.status).toBe(302)
    return { email, token: tokenFromMail((await lastMailTo(email))!.text_body) }
  }

  /** The user, signed in (as after the sign-in that verification leads to), and their /invitation-code. */
  async function signedIn(email: string) {
    const user = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    const cookie = await sessionCookieFor(user)
    const page = () => run(() => invitationCode.loader(args(makeRequest('/invitation-code', { cookie }))))
    const send = (form: Record<string, string>) => run(() => invitationCode.action(post('/invitation-code', form, cookie)))
    return { user, page, send }
  }

  it('joins nothing on verification: sign-in leads to the confirmation, and its button joins', async () => {
    const { admin, org } = await orgAndAdmin()
    const email = uniqueEmail('joiner')
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'email', email, groupCreator: true })
    const { token } = await signUpWith(code.toLowerCase(), email)
    const before = await tables()

    const res = await run(() => verify.action(post('/verify', { token })))
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get('Location')!, 'http://x')
    expect(location.pathname).toBe('/signin')
    expect(location.searchParams.get('redirectTo')).toBe('/invitation-code')
    expect(await tables()).toEqual(before)

    const { user, page, send } = await signedIn(email)
    const asked = await page()
    expect(asked.status).toBe(200)
    expect(asked.data).toMatchObject({ confirm: { kind: 'groupCreator', organization: 'Lakeside', pending: true }, error: null })
    // Opening it again still only asks.
    expect((await page()).data.confirm).toMatchObject({ pending: true })
    expect(await tables()).toEqual(before)

    const joined = await send({ intent: 'join-pending' })
    expect(joined.status).toBe(302)
    expect(joined.headers.get('Location')).toBe('/organizations')
    expect(await membership(org.id, user.id)).toMatchObject({ role: 'member', is_group_creator: 1 })
    // Settled: the page no longer asks, and a second answer joins nothing.
    expect((await page()).data).toMatchObject({ confirm: null, error: null })
    expect((await send({ intent: 'join-pending' })).data.error).toEqual({ code: 'INVITATION_NOT_FOUND' })
  })

  it('"Not now" settles the waiting invitation without joining; the code itself still works', async () => {
    const { admin, org } = await orgAndAdmin()
    const { code } = await createInvitation(ctxFor(admin), org.id, { type: 'open', groupCreator: true })
    const { email, token } = await signUpWith(code)
    await run(() => verify.action(post('/verify', { token })))
    const { user, page, send } = await signedIn(email)
    expect((await page()).data.confirm).toMatchObject({ pending: true })
    const declined = await send({ intent: 'dismiss-pending' })
    expect(declined.status).toBe(302)
    expect(declined.headers.get('Location')).toBe('/')
    expect((await page()).data.confirm).toBeNull()
    expect(await membership(org.id, user.id)).toBeUndefined()
    expect((await send({ code })).data.confirm).toMatchObject({ kind: 'groupCreator' })
  })

  it('says why when the waiting code no longer works, and offers to skip it', async () => {
    const { token, email } = await signUpWith('ACD234')
    const res = await run(() => verify.action(post('/verify', { token })))
    const location = new URL(res.headers.get('Location')!, 'http://x')
    expect(location.searchParams.get('notice')).toBe('verified')
    expect(location.searchParams.get('redirectTo')).toBe('/invitation-code')
    const { page, send } = await signedIn(email)
    const shown = await page()
    expect(shown.status).toBe(404)
    expect(shown.data).toMatchObject({ confirm: null, error: { code: 'INVITATION_NOT_FOUND' }, pendingFailed: true })
    expect((await send({ intent: 'dismiss-pending' })).status).toBe(302)
    expect((await page()).data).toMatchObject({ error: null, pendingFailed: false })
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
    expect(new URL(res.headers.get('Location')!, 'http://x').searchParams.get('redirectTo')).toBe('/invitation-code')
    const { page } = await signedIn(email)
    expect((await page()).data.confirm).toEqual({ kind: 'groupCreator', organization: 'Lakeside', pending: true })
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
    const created = await run(() =>
      signup.action(post('/signup', { ...form, invitationCode: page.data.invitationCode, redirectTo: page.data.redirectTo })),
    )
    expect(created.status).toBe(302)
    expect(await pendingData(email)).not.toContain(code)
    const token = tokenFromMail((await lastMailTo(email))!.text_body)
    const res = await run(() => verify.action(post('/verify', { token })))
    expect(new URL(res.headers.get('Location')!, 'http://x').searchParams.get('redirectTo')).toBe('/invitation-code')
    const joiner = await signedIn(email)
    expect((await joiner.page()).data.confirm).toEqual({ kind: 'group', organization: 'Lakeside', group: 'Choir', pending: true })
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
      signup.action(
        post('/signup', {
          name: 'Mal Formed',
          email,
          password: 'long-enough-pw',
          locale: 'en',
          timezone: 'Europe/Stockholm',
          invitationCode: 'x',
        }),
      ),
    )
    expect(res.status).toBe(302)
    expect(await pendingData(email)).toBeNull()
  })

  it('does the same through POST /api/verify-email, with signinAt', async () => {
    const { admin, org } = await orgAndAdmin()
    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Drama' })
    const { code } = await createGroupInvitation(ctxFor(admin), group.id)
    const { email, token } = await signUpWith(code)
    const before = await tables()
    const res = (await verifyEmailApi.action(args(makeRequest('/api/verify-email', { json: { token } })))) as Response
    const body = await res.json()
    expect(body).toEqual({
      message: 'VERIFY_SIGNIN_REQUIRED',
      email,
      signinAt: `/signin?email=${encodeURIComponent(email)}&redirectTo=${encodeURIComponent('/invitation-code')}`,
    })
    expect(await tables()).toEqual(before)
    const { user, page, send } = await signedIn(email)
    expect((await page()).data.confirm).toEqual({ kind: 'group', organization: 'Lakeside', group: 'Drama', pending: true })
    expect((await send({ intent: 'join-pending' })).headers.get('Location')).toBe(`/groups/${group.id}/home`)
    expect(
      await db()
        .selectFrom('group_members')
        .select('role')
        .where('group_id', '=', group.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
    ).toEqual({
      role: 'member',
    })
  })
})
