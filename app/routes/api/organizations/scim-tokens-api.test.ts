import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
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
