import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { args, createUser, lastMailTo, makeRequest, sessionCookieFor, uniqueEmail } from '../../../../tests/support/factories'
import { addMember, createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { ctxFor } from '~/services/context.server'
import { createGroupInvitation } from '~/services/invitations/invitations.server'
import * as invitation from './invitation'
import * as mine from './mine'
import * as mineAnswer from './mine-answer'
import * as organizationInvitations from './organization-invitations'
import * as useCode from './use-code'

type Handler = (a: ReturnType<typeof args>) => unknown

async function call(
  fn: Handler,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string; params?: Record<string, string>; client?: string } = {},
) {
  const request = makeRequest(path, { method: init.method, json: init.json, cookie: init.cookie })
  const a = args(request, init.params)
  if (init.client) a.context.clientIp = init.client
  try {
    return (await fn(a)) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

async function setup() {
  const admin = await createUser({ name: 'Ada Admin' })
  const org = await createOrganization({ name: 'Hillside', adminIds: [admin.id] })
  return {
    admin,
    org,
    cookie: await sessionCookieFor(admin),
    path: `/api/v2/organizations/${org.id}/invitations`,
    params: { organizationId: org.id },
  }
}

describe('GET and POST /api/v2/organizations/{id}/invitations', () => {
  it('creates open and email invitations and lists them newest first', async () => {
    const { cookie, path, params } = await setup()
    const open = await call(organizationInvitations.action, path, { json: { type: 'open', groupCreator: true }, cookie, params })
    expect(open.status).toBe(201)
    const openBody = await open.json()
    expect(openBody).toMatchObject({
      _id: expect.any(String),
      created: expect.any(String),
      type: 'open',
      status: 'pending',
      code: expect.stringMatching(/^[A-Z0-9]{6}$/),
    })
    expect(openBody).not.toHaveProperty('email')

    const email = uniqueEmail('invitee')
    const byEmail = await call(organizationInvitations.action, path, { json: { type: 'email', email, groupCreator: true }, cookie, params })
    expect(byEmail.status).toBe(201)
    const emailBody = await byEmail.json()
    expect(emailBody).toMatchObject({ type: 'email', email })
    expect(emailBody).not.toHaveProperty('code')
    expect((await lastMailTo(email))?.text_body).toMatch(/invitation-code\?code=[A-Z0-9]{6}/)

    const list = await call(organizationInvitations.loader, path, { cookie, params })
    expect(list.status).toBe(200)
    const items = await list.json()
    expect(items.map((i: { _id: string }) => i._id)).toEqual([emailBody._id, openBody._id])
  })

  it('rejects a bad payload with 400 and other methods with 405', async () => {
    const { cookie, path, params } = await setup()
    for (const json of [
      { type: 'email', groupCreator: true },
      { type: 'open' },
      { type: 'open', groupCreator: false },
      { type: 'other', groupCreator: true },
    ]) {
      const res = await call(organizationInvitations.action, path, { json, cookie, params })
      expect(res.status).toBe(400)
      expect((await res.json()).message).toBe('BAD_REQUEST')
    }
    const put = await call(organizationInvitations.action, path, { method: 'PUT', json: {}, cookie, params })
    expect(put.status).toBe(405)
    expect(await put.json()).toEqual({ message: 'METHOD_NOT_ALLOWED' })
  })

  it('answers 401 without a session and 404 to members and other organizations’ admins', async () => {
    const { path, params } = await setup()
    expect((await call(organizationInvitations.loader, path, { params })).status).toBe(401)
    const member = await createUser()
    const other = await createUser()
    await createOrganization({ adminIds: [other.id] })
    await addMember(params.organizationId, member.id, { groupCreator: true })
    for (const user of [member, other]) {
      const cookie = await sessionCookieFor(user)
      const list = await call(organizationInvitations.loader, path, { cookie, params })
      expect(list.status).toBe(404)
      expect(await list.json()).toEqual({ message: 'ORGANIZATION_NOT_FOUND' })
      const create = await call(organizationInvitations.action, path, { json: { type: 'open', groupCreator: true }, cookie, params })
      expect(create.status).toBe(404)
    }
  })
})

describe('DELETE /api/v1/invitations/{id}', () => {
  it('revokes for the organization’s admin only; others get 404', async () => {
    const { cookie, path, params } = await setup()
    const created = await (
      await call(organizationInvitations.action, path, { json: { type: 'open', groupCreator: true }, cookie, params })
    ).json()
    const at = `/api/v1/invitations/${created._id}`
    const other = await createUser()
    await createOrganization({ adminIds: [other.id] })
    const denied = await call(invitation.action, at, {
      method: 'DELETE',
      cookie: await sessionCookieFor(other),
      params: { invitationId: created._id },
    })
    expect(denied.status).toBe(404)
    expect(await denied.json()).toEqual({ message: 'INVITATION_NOT_FOUND' })

    expect((await call(invitation.action, at, { method: 'POST', json: {}, cookie, params: { invitationId: created._id } })).status).toBe(
      405,
    )
    expect((await call(invitation.loader as Handler, at, { cookie })).status).toBe(405)
    const ok = await call(invitation.action, at, { method: 'DELETE', cookie, params: { invitationId: created._id } })
    expect(ok.status).toBe(200)
    expect(await (await call(organizationInvitations.loader, path, { cookie, params })).json()).toEqual([])
    expect((await call(invitation.action, at, { method: 'DELETE', cookie, params: { invitationId: created._id } })).status).toBe(404)
  })
})

describe('PUT /api/v1/invitations/use-code', () => {
  it('redeems a code: { redirectTo, name }; again is 409 with redirectTo and name', async () => {
    const { admin, org, cookie, path, params } = await setup()
    const { code } = await (
      await call(organizationInvitations.action, path, { json: { type: 'open', groupCreator: true }, cookie, params })
    ).json()
    const user = await createUser()
    const userCookie = await sessionCookieFor(user)
    const ok = await call(useCode.action, '/api/v1/invitations/use-code', {
      method: 'PUT',
      json: { invitationCode: code.toLowerCase() },
      cookie: userCookie,
    })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ redirectTo: '/organizations', name: 'Hillside' })

    const again = await call(useCode.action, '/api/v1/invitations/use-code', {
      method: 'PUT',
      json: { invitationCode: code },
      cookie: userCookie,
    })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ message: 'IS_ALREADY_GROUP_CREATOR', redirectTo: '/organizations', name: 'Hillside' })

    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Band' })
    const groupCode = await createGroupInvitation(ctxFor(admin), group.id)
    await call(useCode.action, '/api/v1/invitations/use-code', {
      method: 'PUT',
      json: { invitationCode: groupCode.code },
      cookie: userCookie,
    })
    const inGroup = await call(useCode.action, '/api/v1/invitations/use-code', {
      method: 'PUT',
      json: { invitationCode: groupCode.code },
      cookie: userCookie,
    })
    expect(inGroup.status).toBe(409)
    expect(await inGroup.json()).toEqual({ message: 'ALREADY_ADDED_TO_GROUP', redirectTo: `/groups/${group.id}/home`, name: 'Band' })
  })

  it('answers 403 ORGANIZATION_INACTIVE for a code of an inactive organization, and to inviting there; the code works once it is active again', async () => {
    const { org, cookie, path, params } = await setup()
    const { code } = await (
      await call(organizationInvitations.action, path, { json: { type: 'open', groupCreator: true }, cookie, params })
    ).json()
    await db().updateTable('organizations').set({ active: 0 }).where('id', '=', org.id).execute()
    const userCookie = await sessionCookieFor(await createUser())
    const refused = await call(useCode.action, '/api/v1/invitations/use-code', {
      method: 'PUT',
      json: { invitationCode: code },
      cookie: userCookie,
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: 'ORGANIZATION_INACTIVE' })
    const invite = await call(organizationInvitations.action, path, { json: { type: 'open', groupCreator: true }, cookie, params })
    expect(invite.status).toBe(403)
    await db().updateTable('organizations').set({ active: 1 }).where('id', '=', org.id).execute()
    expect(
      (await call(useCode.action, '/api/v1/invitations/use-code', { method: 'PUT', json: { invitationCode: code }, cookie: userCookie }))
        .status,
    ).toBe(200)
  })

  it('answers 404, 400, 401, 405 and, after 10 failures by one user, 429 with retryAt; a neighbour on the same address is not held up', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const put = (invitationCode: unknown, client = 'api-client') =>
      call(useCode.action, '/api/v1/invitations/use-code', { method: 'PUT', json: { invitationCode }, cookie, client })
    const unknown = await put('ACD234')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'INVITATION_NOT_FOUND' })
    expect((await put('ACD')).status).toBe(400)
    expect((await call(useCode.action, '/api/v1/invitations/use-code', { method: 'PUT', json: { invitationCode: 'ACD234' } })).status).toBe(
      401,
    )
    expect(
      (await call(useCode.action, '/api/v1/invitations/use-code', { method: 'POST', json: { invitationCode: 'ACD234' }, cookie })).status,
    ).toBe(405)
    expect((await call(useCode.loader as Handler, '/api/v1/invitations/use-code', { cookie })).status).toBe(405)

    for (let i = 0; i < 9; i++) expect((await put('ACD234')).status).toBe(404)
    const limited = await put('ACD234')
    expect(limited.status).toBe(429)
    const body = await limited.json()
    expect(body.message).toBe('TOO_MANY_ATTEMPTS')
    expect(Date.parse(body.retryAt)).toBeGreaterThan(Date.now())
    // Another user on the same client is still answered (a class shares an address).
    const neighbour = await call(useCode.action, '/api/v1/invitations/use-code', {
      method: 'PUT',
      json: { invitationCode: 'ACD234' },
      cookie: await sessionCookieFor(await createUser()),
      client: 'api-client',
    })
    expect(neighbour.status).toBe(404)
  })
})

describe('the invitations inbox API: GET /api/v1/invitations/mine, POST …/mine/{kind}/{id}/accept|decline', () => {
  it('lists what is addressed to the user and answers it; others get not found', async () => {
    const { admin, org } = await setup()
    const group = await createGroup(org.id, { ownerId: admin.id, name: 'Year 9' })
    const invitee = await createUser({ name: 'Ivy Invitee' })
    const sent = await createGroupInvitation(ctxFor(admin), group.id, { type: 'email', email: invitee.email })
    const cookie = await sessionCookieFor(invitee)

    const list = await call(mine.loader, '/api/v1/invitations/mine', { cookie })
    expect(list.status).toBe(200)
    const body = await list.json()
    expect(body.groups).toEqual([
      expect.objectContaining({ id: sent.invitation._id, name: 'Year 9', invitedBy: { id: admin.id, name: 'Ada Admin' } }),
    ])
    expect(body.packages).toEqual([])
    expect(body.organizations).toEqual([])

    const answerPath = (answer: string) => `/api/v1/invitations/mine/groups/${sent.invitation._id}/${answer}`
    const params = (answer: string) => ({ kind: 'groups', id: sent.invitation._id, answer })
    const other = await call(mineAnswer.action, answerPath('accept'), {
      method: 'POST',
      json: {},
      cookie: await sessionCookieFor(await createUser()),
      params: params('accept'),
    })
    expect(other.status).toBe(404)
    expect(await other.json()).toEqual({ message: 'INVITATION_NOT_FOUND' })
    const declined = await call(mineAnswer.action, answerPath('decline'), { method: 'POST', json: {}, cookie, params: params('decline') })
    expect(declined.status).toBe(200)
    expect(await declined.json()).toEqual({ kind: 'groups', name: 'Year 9', redirectTo: '/invitations#groups' })
    const again = await call(mineAnswer.action, answerPath('accept'), { method: 'POST', json: {}, cookie, params: params('accept') })
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({ message: 'INVITATION_DECLINED' })
    const bogus = await call(mineAnswer.action, answerPath('maybe'), { method: 'POST', json: {}, cookie, params: params('maybe') })
    expect(bogus.status).toBe(404)
    const anonymous = await call(mine.loader, '/api/v1/invitations/mine')
    expect(anonymous.status).toBe(401)
  })
})
