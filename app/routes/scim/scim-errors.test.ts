import { register } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { DIRECTORY_ERRORS_KEPT } from '~/services/directory/errors.server'
import { getDirectorySync } from '~/services/directory/settings.server'
import { createDirectoryToken } from '~/services/directory/tokens.server'
import { args, createUser, makeRequest, sessionCookieFor, uniqueEmail } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import { expectCode } from '../../../tests/support/expect-code'
import * as tokensApi from '../api/organizations/scim-tokens'
import * as user from './user'
import * as users from './users'
import { scimOperationOf } from './scim.server'

/*
 * The sync's last errors (each 4xx/5xx answer to a valid token, the newest DIRECTORY_ERRORS_KEPT
 * of an organization) and the SCIM metrics.
 */

type Module = { loader: (a: ReturnType<typeof args>) => Promise<Response>; action: (a: ReturnType<typeof args>) => Promise<Response> }

function call(
  mod: Module,
  token: string | null,
  path: string,
  init: { method?: string; json?: unknown; params?: Record<string, string> } = {},
) {
  const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET')
  const request = makeRequest(`/scim/v2${path}`, { method, json: init.json, headers: token ? { Authorization: `Bearer ${token}` } : {} })
  return method === 'GET' ? mod.loader(args(request, init.params ?? {})) : mod.action(args(request, init.params ?? {}))
}

async function setup() {
  const admin = await createUser({ name: 'Astrid Admin' })
  const org = await createOrganization({ adminIds: [admin.id] })
  const { token, id: tokenId } = await createDirectoryToken(ctxFor(admin), org.id, 'Entra ID')
  return { admin, org, token, tokenId }
}

async function valueOf(series: string) {
  const line = (await register.metrics()).split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

describe("the directory sync's last errors", () => {
  it('records each error answer to a valid token (time, operation, status, scimType, detail), not a success nor a request without a token', async () => {
    const { admin, org, token, tokenId } = await setup()
    const email = uniqueEmail('dup')
    expect((await call(users, token, '/Users', { json: { userName: email } })).status).toBe(201)
    expect((await call(users, token, '/Users', { json: { userName: email } })).status).toBe(409)
    expect((await call(users, token, '/Users?filter=userName%20co%20%22x%22')).status).toBe(400)
    expect((await call(user, token, '/Users/nope', { method: 'DELETE', params: { id: 'nope' } })).status).toBe(404)
    expect((await call(users, null, '/Users')).status).toBe(401)
    expect((await call(users, 'scim_unknown', '/Users')).status).toBe(401)

    const sync = await getDirectorySync(ctxFor(admin), org.id)
    expect(sync.errors).toEqual([
      {
        at: expect.any(String),
        token: 'Entra ID',
        operation: 'DELETE /Users/nope',
        status: 404,
        scimType: null,
        detail: expect.stringContaining('nope'),
      },
      {
        at: expect.any(String),
        token: 'Entra ID',
        operation: 'GET /Users',
        status: 400,
        scimType: 'invalidFilter',
        detail: expect.any(String),
      },
      {
        at: expect.any(String),
        token: 'Entra ID',
        operation: 'POST /Users',
        status: 409,
        scimType: 'uniqueness',
        detail: expect.any(String),
      },
    ])
    expect(sync.errorsKept).toBe(DIRECTORY_ERRORS_KEPT)
    // The same through the tokens API, on the token they came through.
    const cookie = await sessionCookieFor(admin)
    const listed = await (
      await tokensApi.loader(args(makeRequest(`/api/v1/organizations/${org.id}/scim-tokens`, { cookie }), { organizationId: org.id }))
    ).json()
    expect(listed).toEqual([expect.objectContaining({ id: tokenId, lastErrors: sync.errors.map(({ token: _, ...e }) => e) })])
  })

  it("keeps the newest of an organization only, and shows no organization another's", async () => {
    const a = await setup()
    const b = await setup()
    for (let i = 0; i < DIRECTORY_ERRORS_KEPT + 5; i++) {
      expect((await call(user, a.token, `/Users/missing-${i}`, { params: { id: `missing-${i}` } })).status).toBe(404)
    }
    expect((await call(user, b.token, '/Users/only-b', { params: { id: 'only-b' } })).status).toBe(404)

    const errorsOfA = (await getDirectorySync(ctxFor(a.admin), a.org.id)).errors
    expect(errorsOfA).toHaveLength(DIRECTORY_ERRORS_KEPT)
    expect(errorsOfA[0].operation).toBe(`GET /Users/missing-${DIRECTORY_ERRORS_KEPT + 4}`)
    expect(errorsOfA.map((e) => e.operation)).not.toContain('GET /Users/only-b')
    const stored = await db().selectFrom('directory_errors').select('id').where('organization_id', '=', a.org.id).execute()
    expect(stored.length).toBeLessThanOrEqual(DIRECTORY_ERRORS_KEPT + 1) // ties at the oldest kept instant may stay
    expect((await getDirectorySync(ctxFor(b.admin), b.org.id)).errors.map((e) => e.operation)).toEqual(['GET /Users/only-b'])
    // Only admins read them.
    await expectCode(getDirectorySync(ctxFor(b.admin), a.org.id), 'ORGANIZATION_NOT_FOUND')
  })
})

describe('provisioning at the same moment', () => {
  it('creates people sent at once (no deadlock on the organization), and the same address twice is one 201 and one 409', async () => {
    const { admin, org, token } = await setup()
    const emails = Array.from({ length: 8 }, () => uniqueEmail('together'))
    const answers = await Promise.all(emails.map((userName) => call(users, token, '/Users', { json: { userName } })))
    expect(answers.map((r) => r.status)).toEqual(emails.map(() => 201))
    const same = uniqueEmail('twice')
    const twice = await Promise.all([0, 1].map(() => call(users, token, '/Users', { json: { userName: same } })))
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409])
    expect((await twice.find((r) => r.status === 409)!.json()).scimType).toBe('uniqueness')
    const sync = await getDirectorySync(ctxFor(admin), org.id)
    expect(sync.people).toBe(9)
    const members = await db().selectFrom('organizations').select('member_count').where('id', '=', org.id).executeTakeFirstOrThrow()
    expect(Number(members.member_count)).toBe(1 + 9)
  })
})

describe('SCIM metrics', () => {
  it('names the resource type and operation, never an id', () => {
    expect(scimOperationOf('GET', '/scim/v2/Users')).toEqual({ resource: 'Users', operation: 'list' })
    expect(scimOperationOf('GET', '/scim/v2/Users/abc')).toEqual({ resource: 'Users', operation: 'get' })
    expect(scimOperationOf('PATCH', '/scim/v2/Groups/abc')).toEqual({ resource: 'Groups', operation: 'patch' })
    expect(scimOperationOf('POST', '/scim/v2/Groups')).toEqual({ resource: 'Groups', operation: 'create' })
    expect(scimOperationOf('PUT', '/scim/v2/Users/x')).toEqual({ resource: 'Users', operation: 'replace' })
    expect(scimOperationOf('DELETE', '/scim/v2/Users/x')).toEqual({ resource: 'Users', operation: 'delete' })
    expect(scimOperationOf('GET', '/scim/v2/ServiceProviderConfig')).toEqual({ resource: 'ServiceProviderConfig', operation: 'get' })
    expect(scimOperationOf('GET', '/scim/v2/Schemas')).toEqual({ resource: 'Schemas', operation: 'list' })
    expect(scimOperationOf('GET', '/scim/v2/Bulk/123')).toEqual({ resource: 'other', operation: 'other' })
  })

  it('counts requests by resource type, operation and status, and the 429s of the rate limit', async () => {
    const { token, tokenId } = await setup()
    const created = (s: number) => valueOf(`scim_requests_total{resource="Users",operation="create",status="${s}"}`)
    const before = { created: await created(201), invalid: await created(400), limited: await valueOf('scim_rate_limited_total') }
    expect((await call(users, token, '/Users', { json: { userName: uniqueEmail('m') } })).status).toBe(201)
    expect((await call(users, token, '/Users', { json: { userName: 'not an email' } })).status).toBe(400)
    await db()
      .updateTable('rate_limits')
      .set({ failures: 100_000, blocked_until: new Date(Date.now() + 5000).toISOString() })
      .where('key', '=', `scim:token:${tokenId}`)
      .execute()
    expect((await call(users, token, '/Users', { json: { userName: uniqueEmail('m') } })).status).toBe(429)
    expect(await created(201)).toBe(before.created + 1)
    expect(await created(400)).toBe(before.invalid + 1)
    expect(await valueOf('scim_rate_limited_total')).toBe(before.limited + 1)
    expect(await register.metrics()).not.toContain(tokenId)
  })
})
