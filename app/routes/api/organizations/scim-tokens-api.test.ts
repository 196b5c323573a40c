import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { getDirectorySync } from '~/services/directory/settings.server'
import { createDirectoryToken } from '~/services/directory/tokens.server'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createOrganization } from '../../../../tests/support/org-factories'
import * as users from '../../scim/users'
import * as token from './scim-token'
import * as tokens from './scim-tokens'

/** POST/GET …/scim-tokens and DELETE …/scim-tokens/{id}: admins only; the secret once; a revoked token is 401 at /scim/v2. */
describe('directory tokens API', () => {
  it('creates (201 with the secret), lists without secrets, revokes; only for admins of the organization', async () => {
    const admin = await createUser()
    const member = await createUser()
    const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
    const other = await createOrganization({ adminIds: [admin.id] })
    const cookie = await sessionCookieFor(admin)
    const path = `/api/v1/organizations/${org.id}/scim-tokens`
    const created = await tokens.action(
      args(makeRequest(path, { method: 'POST', json: { name: 'Entra ID' }, cookie }), { organizationId: org.id }),
    )
    expect(created.status).toBe(201)
    const body = await created.json()
    expect(body).toMatchObject({ id: expect.any(String), name: 'Entra ID', token: expect.stringMatching(/^scim_/) })
    const stored = await db().selectFrom('directory_tokens').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow()
    expect(stored.token_hash).not.toContain(body.token)
    expect(JSON.stringify(stored)).not.toContain(body.token)

    const list = await (await tokens.loader(args(makeRequest(path, { cookie }), { organizationId: org.id }))).json()
    expect(list).toEqual([expect.objectContaining({ id: body.id, name: 'Entra ID', lastUsed: null, revoked: null })])
    expect(JSON.stringify(list)).not.toContain(body.token)

    // The token works at /scim/v2 until revoked.
    const scim = () => users.loader(args(makeRequest('/scim/v2/Users', { headers: { Authorization: `Bearer ${body.token}` } })))
    expect((await scim()).status).toBe(200)

    // A plain member, and the admin through another organization, cannot touch it.
    const memberCookie = await sessionCookieFor(member)
    expect((await tokens.loader(args(makeRequest(path, { cookie: memberCookie }), { organizationId: org.id }))).status).toBe(404)
    expect(
      (
        await tokens.action(
          args(makeRequest(path, { method: 'POST', json: { name: 'x' }, cookie: memberCookie }), { organizationId: org.id }),
        )
      ).status,
    ).toBe(404)
    const viaOther = await token.action(
      args(makeRequest(`/api/v1/organizations/${other.id}/scim-tokens/${body.id}`, { method: 'DELETE', cookie }), {
        organizationId: other.id,
        tokenId: body.id,
      }),
    )
    expect(viaOther.status).toBe(404)
    expect((await scim()).status).toBe(200)

    const revoked = await token.action(
      args(makeRequest(`${path}/${body.id}`, { method: 'DELETE', cookie }), { organizationId: org.id, tokenId: body.id }),
    )
    expect(revoked.status).toBe(204)
    expect((await scim()).status).toBe(401)
    const after = await (await tokens.loader(args(makeRequest(path, { cookie }), { organizationId: org.id }))).json()
    expect(after[0].revoked).not.toBeNull()
    expect(after[0].lastUsed).not.toBeNull()
  })

  it("lists the organization's own tokens only, exactly, never another organization's made before (the API and the directory sync screen)", async () => {
    const admin = await createUser()
    const otherAdmin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const other = await createOrganization({ adminIds: [otherAdmin.id, admin.id] })
    // The other organization's tokens first: the newest-first list would show them on top.
    await createDirectoryToken(ctxFor(otherAdmin), other.id, 'Other school directory')
    const ours = await createDirectoryToken({ ...ctxFor(admin), now: new Date(Date.now() - 60_000) }, org.id, 'Our directory')
    await createDirectoryToken(ctxFor(otherAdmin), other.id, 'Other school, second')
    const cookie = await sessionCookieFor(admin)
    const path = `/api/v1/organizations/${org.id}/scim-tokens`
    const list = await (await tokens.loader(args(makeRequest(path, { cookie }), { organizationId: org.id }))).json()
    expect(list.map((t: { id: string; name: string }) => [t.id, t.name])).toEqual([[ours.id, 'Our directory']])
    const sync = await getDirectorySync(ctxFor(admin), org.id)
    expect(sync.tokens.map((t) => [t.id, t.name])).toEqual([[ours.id, 'Our directory']])
  })

  it('refuses an empty name with 400', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const cookie = await sessionCookieFor(admin)
    const res = await tokens.action(
      args(makeRequest(`/api/v1/organizations/${org.id}/scim-tokens`, { method: 'POST', json: { name: ' ' }, cookie }), {
        organizationId: org.id,
      }),
    )
    expect(res.status).toBe(400)
  })
})
