import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { latestAudit } from '~/services/audit.server'
import { ctxFor } from '~/services/context.server'
import { createDirectoryToken, revokeDirectoryToken } from '~/services/directory/tokens.server'
import { setDirectoryGroupOwner } from '~/services/directory/settings.server'
import { args, createUser, makeRequest, uniqueEmail } from '../../../tests/support/factories'
import { addMember, createGroup, createOrganization } from '../../../tests/support/org-factories'
import * as discovery from './discovery'
import * as group from './group'
import * as groups from './groups'
import * as user from './user'
import * as users from './users'

/*
 * The SCIM 2.0 endpoint end to end through its route modules, with request shapes from Microsoft
 * Entra ID's provisioning documentation ("Tutorial: Develop and plan provisioning for a SCIM
 * endpoint in Microsoft Entra ID") and RFC 7644.
 */

type Module = { loader: (a: ReturnType<typeof args>) => Promise<Response>; action: (a: ReturnType<typeof args>) => Promise<Response> }

async function setup(name = 'Exempelkommunen') {
  const admin = await createUser({ name: 'Astrid Admin' })
  const org = await createOrganization({ name, adminIds: [admin.id] })
  const { token, id: tokenId } = await createDirectoryToken(ctxFor(admin), org.id, 'Entra ID')
  return { admin, org, token, tokenId }
}

function call(
  mod: Module,
  token: string | null,
  path: string,
  init: { method?: string; json?: unknown; body?: string; params?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {}
  const method = init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET')
  const request =
    init.body !== undefined
      ? new Request(`http://localhost:3000/scim/v2${path}`, {
          method,
          headers: { ...headers, 'Content-Type': 'application/scim+json' },
          body: init.body,
        })
      : makeRequest(`/scim/v2${path}`, { method, json: init.json, headers })
  const a = args(request, init.params ?? {})
  return method === 'GET' ? mod.loader(a) : mod.action(a)
}

async function json(res: Response) {
  return (res.status === 204 ? null : await res.json()) as Record<string, any>
}

const entraUser = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId: `ext-${email}`,
  userName: email,
  active: true,
  emails: [{ primary: true, type: 'work', value: email }],
  meta: { resourceType: 'User' },
  name: { formatted: 'Given Family', familyName: 'Family', givenName: 'Given' },
  roles: [],
  ...extra,
})

async function createScimUser(token: string, email = uniqueEmail('scim'), extra: Record<string, unknown> = {}) {
  const res = await call(users, token, '/Users', { json: entraUser(email, extra) })
  expect(res.status).toBe(201)
  return json(res)
}

const isMember = async (organizationId: string, userId: string) =>
  !!(await db()
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst())

const userIdOf = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow()).id

describe('SCIM authentication and discovery', () => {
  it('answers 401 with a SCIM error for no token, an unknown one and a revoked one', async () => {
    const { admin, org, token, tokenId } = await setup()
    for (const t of [null, 'scim_nope', 'not-even-prefixed']) {
      const res = await call(users, t, '/Users')
      expect(res.status).toBe(401)
      expect(res.headers.get('Content-Type')).toContain('application/scim+json')
      expect(await res.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' })
    }
    expect((await call(users, token, '/Users')).status).toBe(200)
    await revokeDirectoryToken(ctxFor(admin), org.id, tokenId)
    expect((await call(users, token, '/Users')).status).toBe(401)
  })

  it('serves ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const { token } = await setup()
    const config = await json(await call(discovery, token, '/ServiceProviderConfig'))
    expect(config).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } })
    const types = await json(await call(discovery, token, '/ResourceTypes'))
    expect(types.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group'])
    const schema = await json(
      await call(discovery, token, '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User', {
        params: { id: 'urn:ietf:params:scim:schemas:core:2.0:User' },
      }),
    )
    expect(schema.attributes.map((a: { name: string }) => a.name)).toContain('userName')
    expect((await call(discovery, token, '/Schemas/nope', { params: { id: 'nope' } })).status).toBe(404)
  })

  it('limits requests per token with 429 and Retry-After', async () => {
    const { token, tokenId } = await setup()
    await db()
      .insertInto('rate_limits')
      .values({
        key: `scim:token:${tokenId}`,
        failures: 3001,
        first_failure_at: new Date().toISOString(),
        blocked_until: new Date(Date.now() + 5000).toISOString(),
      })
      .execute()
    const res = await call(users, token, '/Users')
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await res.json()).toMatchObject({ status: '429' })
  })
})

describe('SCIM request limits', () => {
  it('answers a body over the limit with 413, another method with 405, another media type with 415, all as SCIM errors; nothing changes', async () => {
    const { token } = await setup()
    const huge = JSON.stringify({ userName: uniqueEmail('big'), displayName: 'x'.repeat(600 * 1024) })
    const tooLarge = await call(users, token, '/Users', { body: huge })
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toMatchObject({ status: '413' })
    const wrongMethod = await call(users, token, '/Users', { method: 'DELETE' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('Allow')).toContain('POST')
    const form = await users.action(
      args(
        new Request('http://localhost:3000/scim/v2/Users', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain' },
          body: '{}',
        }),
      ),
    )
    expect(form.status).toBe(415)
    expect((await json(await call(users, token, '/Users'))).totalResults).toBe(0)
  })
})

describe('SCIM Users', () => {
  it("takes the enterprise extension and other attributes it does not keep in a POST, and Google Workspace's plain booleans", async () => {
    const { org, token } = await setup()
    const email = uniqueEmail('ent')
    const created = await createScimUser(token, email, {
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Skola', manager: { value: 'x' } },
      title: 'Rektor',
      phoneNumbers: [{ type: 'work', value: '+46 8 123 456' }],
      preferredLanguage: 'sv-SE',
    })
    expect(created).toMatchObject({ userName: email, active: true })
    const inactive = await createScimUser(token, uniqueEmail('google'), { active: false })
    expect(inactive.active).toBe(false)
    expect(await isMember(org.id, await userIdOf(inactive.userName))).toBe(false)
    const put = await json(
      await call(user, token, `/Users/${inactive.id}`, {
        method: 'PUT',
        json: {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: inactive.userName,
          name: { givenName: 'G', familyName: 'W' },
          active: true,
        },
        params: { id: inactive.id },
      }),
    )
    expect(put).toMatchObject({ active: true, name: { givenName: 'G', familyName: 'W' } })
    expect(await isMember(org.id, await userIdOf(inactive.userName))).toBe(true)
  })

  it('creates a verified account without a password and a membership: 201, Location, meta.location', async () => {
    const { org, token } = await setup()
    const email = uniqueEmail('New.Person')
    const res = await call(users, token, '/Users', { json: entraUser(email) })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(res.headers.get('Location')).toBe(body.meta.location)
    expect(body).toMatchObject({
      userName: email.toLowerCase(),
      active: true,
      externalId: `ext-${email}`,
      name: { givenName: 'Given', familyName: 'Family' },
    })
    const account = await db().selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow()
    expect(account.password_hash).toBeNull()
    expect(account.email_verified_at).not.toBeNull()
    expect(account.name).toBe('Given Family')
    expect(await isMember(org.id, account.id)).toBe(true)
    // The same userName again, in any case: 409 uniqueness, nothing new.
    const again = await call(users, token, '/Users', { json: entraUser(email.toUpperCase()) })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ scimType: 'uniqueness' })
  })

  it('makes an existing account a member without a second account, keeping its role and password', async () => {
    const { org, token } = await setup()
    const existing = await createUser({ name: 'Berit Befintlig' })
    const body = await createScimUser(token, existing.email)
    expect(body.displayName).toBe('Berit Befintlig')
    const accounts = await db().selectFrom('users').select('id').where('email', '=', existing.email).execute()
    expect(accounts).toHaveLength(1)
    expect(await isMember(org.id, existing.id)).toBe(true)
  })

  it('filters with eq on userName, externalId, displayName and emails.value, joined by and; pages with startIndex and count', async () => {
    const { token } = await setup()
    const created = []
    for (let i = 0; i < 5; i++) created.push(await createScimUser(token, uniqueEmail(`p${i}`), { displayName: `Person ${i}` }))
    const list = async (query: string) => json(await call(users, token, `/Users?${query}`))
    const f = (filter: string) => list(`filter=${encodeURIComponent(filter)}`)
    expect((await f(`userName eq "${created[2].userName.toUpperCase()}"`)).Resources.map((r: any) => r.id)).toEqual([created[2].id])
    expect((await f(`externalId eq "${created[3].externalId}"`)).totalResults).toBe(1)
    expect((await f(`displayName eq "Person 1"`)).Resources[0].id).toBe(created[1].id)
    expect((await f(`emails[type eq "work"].value eq "${created[4].userName}"`)).Resources[0].id).toBe(created[4].id)
    expect((await f(`emails.value eq "${created[4].userName}"`)).totalResults).toBe(1)
    expect((await f(`userName eq "${created[0].userName}" and externalId eq "${created[0].externalId}"`)).totalResults).toBe(1)
    expect((await f(`userName eq "${created[0].userName}" and externalId eq "other"`)).totalResults).toBe(0)
    expect(await f(`userName eq "nobody@example.se"`)).toMatchObject({ totalResults: 0, Resources: [] })
    const page = await list('startIndex=2&count=2')
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 })
    expect(page.Resources.map((r: any) => r.id)).toEqual([created[1].id, created[2].id])
    expect(await list('count=0')).toMatchObject({ totalResults: 5, Resources: [] })
    for (const bad of ['userName co "a"', 'userName eq "a" or userName eq "b"', 'title eq "x"', 'userName eq', 'not (userName eq "a")']) {
      const res = await call(users, token, `/Users?filter=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(400)
      expect(await res.json()).toMatchObject({ scimType: 'invalidFilter' })
    }
  })

  it('PATCHes as Entra ID does: replace without a path carrying several attributes, "False" as a string, and back to true', async () => {
    const { admin, org, token } = await setup()
    const created = await createScimUser(token)
    const userId = await userIdOf(created.userName)
    const patch = (Operations: unknown[]) =>
      call(user, token, `/Users/${created.id}`, {
        method: 'PATCH',
        json: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations },
        params: { id: created.id },
      })
    const renamed = await json(
      await patch([
        {
          op: 'Replace',
          value: {
            displayName: 'Nytt Namn',
            'name.givenName': 'Nytt',
            'name.familyName': 'Namn',
            'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department': 'Skola',
            title: 'Lärare',
          },
        },
      ]),
    )
    expect(renamed).toMatchObject({ displayName: 'Nytt Namn', name: { givenName: 'Nytt', familyName: 'Namn' }, active: true })
    const byPath = await json(
      await patch([
        { op: 'Add', path: 'externalId', value: 'e-42' },
        { op: 'replace', path: 'emails[type eq "work"].value', value: created.userName },
      ]),
    )
    expect(byPath.externalId).toBe('e-42')
    // Deactivated: the membership of this organization ends, the resource stays readable.
    const other = await createOrganization({ adminIds: [admin.id], memberIds: [userId] })
    const off = await patch([{ op: 'Replace', path: 'active', value: 'False' }])
    expect(off.status).toBe(200)
    expect((await json(off)).active).toBe(false)
    expect(await isMember(org.id, userId)).toBe(false)
    expect(await isMember(other.id, userId)).toBe(true)
    expect((await json(await call(user, token, `/Users/${created.id}`, { params: { id: created.id } }))).active).toBe(false)
    // Reactivated: the membership is back.
    const on = await json(await patch([{ op: 'replace', value: { active: true } }]))
    expect(on.active).toBe(true)
    expect(await isMember(org.id, userId)).toBe(true)
    const remove = await json(await patch([{ op: 'remove', path: 'externalId' }]))
    expect(remove.externalId).toBeUndefined()
  })

  it('a rename (PATCH or PUT) renames an account the directory made and no other organization has; the member lists show it', async () => {
    const { admin, org, token } = await setup()
    const created = await createScimUser(token)
    const userId = await userIdOf(created.userName)
    const group = await createGroup(org.id, { ownerId: admin.id, memberIds: [userId] })
    const namesOf = async () => ({
      account: (await db().selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name,
      member: (
        await db()
          .selectFrom('organization_members')
          .select('name')
          .where('organization_id', '=', org.id)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).name,
      inGroup: (
        await db()
          .selectFrom('group_members')
          .select('name')
          .where('group_id', '=', group.id)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).name,
    })
    expect(await namesOf()).toEqual({ account: 'Given Family', member: 'Given Family', inGroup: 'Given Family' })
    const patched = await call(user, token, `/Users/${created.id}`, {
      method: 'PATCH',
      json: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', path: 'displayName', value: 'Gift Efternamn' }],
      },
      params: { id: created.id },
    })
    expect(patched.status).toBe(200)
    expect(await namesOf()).toEqual({ account: 'Gift Efternamn', member: 'Gift Efternamn', inGroup: 'Gift Efternamn' })
    const put = await call(user, token, `/Users/${created.id}`, {
      method: 'PUT',
      json: entraUser(created.userName, { displayName: undefined, name: { givenName: 'Ny', familyName: 'Person' } }),
      params: { id: created.id },
    })
    expect(put.status).toBe(200)
    expect(await namesOf()).toEqual({ account: 'Ny Person', member: 'Ny Person', inGroup: 'Ny Person' })
    const [entry] = await latestAudit(ctxFor(admin), org.id, 1)
    expect(entry).toMatchObject({ action: 'directory.users.update', result: { accountRenamed: true } })
  })

  it('a rename keeps the name of an account that existed before, or that another organization has too', async () => {
    const { admin, org, token } = await setup()
    const rename = (id: string) =>
      call(user, token, `/Users/${id}`, {
        method: 'PATCH',
        json: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', value: { displayName: 'Directory Name' } }],
        },
        params: { id },
      })
    const nameOf = async (userId: string) =>
      (await db().selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name
    // An account of its own before the directory provisioned it.
    const existing = await createUser({ name: 'Eva Egen' })
    const provisioned = await createScimUser(token, existing.email)
    expect((await rename(provisioned.id)).status).toBe(200)
    expect(await nameOf(existing.id)).toBe('Eva Egen')
    // Made by this directory, but a member of another organization since.
    const made = await createScimUser(token)
    const madeId = await userIdOf(made.userName)
    await createOrganization({ adminIds: [admin.id], memberIds: [madeId] })
    expect((await rename(made.id)).status).toBe(200)
    expect(await nameOf(madeId)).toBe('Given Family')
    // Its SCIM resource shows the directory's name all the same.
    expect((await json(await call(user, token, `/Users/${made.id}`, { params: { id: made.id } }))).displayName).toBe('Directory Name')
    expect(await isMember(org.id, madeId)).toBe(true)
  })

  it('answers PATCH errors: invalidPath, noTarget, invalidValue, mutability, malformed JSON; and changes nothing', async () => {
    const { token } = await setup()
    const created = await createScimUser(token)
    const patch = (Operations: unknown[]) =>
      call(user, token, `/Users/${created.id}`, { method: 'PATCH', json: { Operations }, params: { id: created.id } })
    const cases: [unknown[], string][] = [
      [
        [
          { op: 'replace', path: 'displayName', value: 'Ändrat' },
          { op: 'replace', path: 'shoeSize', value: 42 },
        ],
        'invalidPath',
      ],
      [[{ op: 'remove' }], 'noTarget'],
      [[{ op: 'replace', path: 'active', value: 'maybe' }], 'invalidValue'],
      [[{ op: 'move', path: 'active', value: true }], 'invalidValue'],
      [[{ op: 'replace', path: 'userName', value: uniqueEmail('other') }], 'mutability'],
    ]
    for (const [ops, scimType] of cases) {
      const res = await patch(ops)
      expect(res.status, scimType).toBe(400)
      expect(await res.json()).toMatchObject({ status: '400', scimType })
    }
    expect((await json(await call(user, token, `/Users/${created.id}`, { params: { id: created.id } }))).displayName).toBe(
      created.displayName,
    )
    const malformed = await call(user, token, `/Users/${created.id}`, {
      method: 'PATCH',
      body: '{"Operations": [',
      params: { id: created.id },
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ scimType: 'invalidSyntax' })
    const badUser = await call(users, token, '/Users', { json: { userName: 'not an email' } })
    expect(await badUser.json()).toMatchObject({ status: '400', scimType: 'invalidValue' })
  })

  it('PUT replaces the resource; DELETE ends the membership and the resource (404 afterwards), and the account stays', async () => {
    const { org, token } = await setup()
    const created = await createScimUser(token)
    const userId = await userIdOf(created.userName)
    const put = await json(
      await call(user, token, `/Users/${created.id}`, {
        method: 'PUT',
        json: { userName: created.userName, displayName: 'Satt Namn', active: true },
        params: { id: created.id },
      }),
    )
    expect(put).toMatchObject({ displayName: 'Satt Namn', active: true })
    expect(put.externalId).toBeUndefined()
    const deleted = await call(user, token, `/Users/${created.id}`, { method: 'DELETE', params: { id: created.id } })
    expect(deleted.status).toBe(204)
    expect((await call(user, token, `/Users/${created.id}`, { params: { id: created.id } })).status).toBe(404)
    expect(await isMember(org.id, userId)).toBe(false)
    expect(await db().selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeTruthy()
    // Provisioned again later: the same account, a new resource.
    const back = await createScimUser(token, created.userName)
    expect(back.id).not.toBe(created.id)
    expect(await isMember(org.id, userId)).toBe(true)
  })

  it('keeps the membership of someone who owns a group here (409, the owner rule) and says why', async () => {
    const { org, token } = await setup()
    const created = await createScimUser(token)
    const userId = await userIdOf(created.userName)
    await createGroup(org.id, { ownerId: userId })
    const res = await call(user, token, `/Users/${created.id}`, {
      method: 'PATCH',
      json: { Operations: [{ op: 'replace', path: 'active', value: false }] },
      params: { id: created.id },
    })
    expect(res.status).toBe(409)
    expect((await res.json()).detail).toContain('IS_GROUP_OWNER')
    expect(await isMember(org.id, userId)).toBe(true)
    expect((await json(await call(user, token, `/Users/${created.id}`, { params: { id: created.id } }))).active).toBe(true)
  })

  it("audits every change with the token's name as the actor", async () => {
    const { admin, org, token } = await setup()
    const created = await createScimUser(token)
    await call(user, token, `/Users/${created.id}`, {
      method: 'PATCH',
      json: { Operations: [{ op: 'replace', path: 'active', value: 'False' }] },
      params: { id: created.id },
    })
    const audit = await latestAudit(ctxFor(admin), org.id)
    const byAction = (action: string) => audit.find((a) => a.action === action)
    expect(byAction('members.remove')).toMatchObject({ actorName: 'Entra ID', byDirectory: true, result: { SUCCESS: 1 } })
    expect(byAction('directory.users.create')).toMatchObject({ actorName: 'Entra ID', byDirectory: true })
    expect(byAction('directory.tokens.create')).toMatchObject({ actorName: 'Astrid Admin', byDirectory: false })
  })
})

describe('SCIM Groups', () => {
  it('creates a group owned by the chosen admin, adds and removes members in batches as Entra ID does, renames and deletes it', async () => {
    const { admin, org, token } = await setup()
    const owner = await createUser({ name: 'Olle Ägare' })
    await addMember(org.id, owner.id, { role: 'admin' })
    await setDirectoryGroupOwner(ctxFor(admin), org.id, owner.id)
    const people = []
    for (let i = 0; i < 4; i++) people.push(await createScimUser(token))
    const created = await call(groups, token, '/Groups', {
      json: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], externalId: 'g-1', displayName: 'Lärare', members: [] },
    })
    expect(created.status).toBe(201)
    const g = await created.json()
    expect(created.headers.get('Location')).toBe(g.meta.location)
    const row = await db().selectFrom('groups').selectAll().where('id', '=', g.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ owner_id: owner.id, directory_managed: 1, member_count: 1, kind: 'standard' })
    const patch = (Operations: unknown[]) =>
      call(group, token, `/Groups/${g.id}`, {
        method: 'PATCH',
        json: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations },
        params: { id: g.id },
      })
    expect((await patch([{ op: 'Add', path: 'members', value: people.slice(0, 3).map((p) => ({ value: p.id })) }])).status).toBe(200)
    expect((await patch([{ op: 'Add', path: 'members', value: [{ value: people[3].id }, { value: people[0].id }] }])).status).toBe(200)
    let read = await json(await call(group, token, `/Groups/${g.id}`, { params: { id: g.id } }))
    expect(read.members.map((m: any) => m.value).sort()).toEqual(people.map((p) => p.id).sort())
    const roles = await db().selectFrom('group_members').select(['user_id', 'role']).where('group_id', '=', g.id).execute()
    expect(roles.filter((r) => r.role === 'member')).toHaveLength(4)
    expect((await db().selectFrom('groups').select('member_count').where('id', '=', g.id).executeTakeFirstOrThrow()).member_count).toBe(5)
    // Entra ID's two remove shapes.
    await patch([{ op: 'Remove', path: 'members', value: [{ value: people[0].id }] }])
    await patch([{ op: 'remove', path: `members[value eq "${people[1].id}"]` }])
    await patch([{ op: 'Replace', path: 'displayName', value: 'Lärare 7-9' }])
    read = await json(await call(group, token, `/Groups/${g.id}?excludedAttributes=members`, { params: { id: g.id } }))
    expect(read).toMatchObject({ displayName: 'Lärare 7-9', externalId: 'g-1' })
    expect(read.members).toBeUndefined()
    const filtered = await json(
      await call(groups, token, `/Groups?filter=${encodeURIComponent('displayName eq "Lärare 7-9"')}&excludedAttributes=members`),
    )
    expect(filtered.Resources.map((r: any) => r.id)).toEqual([g.id])
    const withMember = await json(
      await call(groups, token, `/Groups?filter=${encodeURIComponent(`id eq "${g.id}" and members[value eq "${people[2].id}"]`)}`),
    )
    expect(withMember.totalResults).toBe(1)
    expect((await db().selectFrom('groups').select('member_count').where('id', '=', g.id).executeTakeFirstOrThrow()).member_count).toBe(3)
    // A duplicate name is 409 uniqueness.
    const dup = await call(groups, token, '/Groups', { json: { displayName: 'Lärare 7-9' } })
    expect(await dup.json()).toMatchObject({ status: '409', scimType: 'uniqueness' })
    expect((await call(group, token, `/Groups/${g.id}`, { method: 'DELETE', params: { id: g.id } })).status).toBe(204)
    expect((await call(group, token, `/Groups/${g.id}`, { params: { id: g.id } })).status).toBe(404)
    const audit = await latestAudit(ctxFor(admin), org.id, 20)
    expect(audit[0]).toMatchObject({ action: 'groups.delete', actorName: 'Entra ID' })
    expect(audit.map((a) => a.action)).toContain('directory.groups.create')
  })

  it('neither lists nor changes groups the directory did not create', async () => {
    const { admin, org, token } = await setup()
    const own = await createGroup(org.id, { ownerId: admin.id, name: 'Handgjord' })
    const list = await json(await call(groups, token, '/Groups'))
    expect(list.totalResults).toBe(0)
    expect((await call(group, token, `/Groups/${own.id}`, { params: { id: own.id } })).status).toBe(404)
    expect((await call(group, token, `/Groups/${own.id}`, { method: 'DELETE', params: { id: own.id } })).status).toBe(404)
    expect(await db().selectFrom('groups').select('id').where('id', '=', own.id).executeTakeFirst()).toBeTruthy()
  })
})

describe('SCIM in an inactive organization', () => {
  it('adds no one (403) but still deactivates and deletes', async () => {
    const { org, token } = await setup()
    const person = await createScimUser(token)
    const userId = await userIdOf(person.userName)
    await db().updateTable('organizations').set({ active: 0 }).where('id', '=', org.id).execute()
    expect((await call(users, token, '/Users', { json: entraUser(uniqueEmail('late')) })).status).toBe(403)
    expect((await call(groups, token, '/Groups', { json: { displayName: 'Sen grupp' } })).status).toBe(403)
    const patch = (value: unknown) =>
      call(user, token, `/Users/${person.id}`, {
        method: 'PATCH',
        json: { Operations: [{ op: 'replace', path: 'active', value }] },
        params: { id: person.id },
      })
    expect((await patch(false)).status).toBe(200)
    expect(await isMember(org.id, userId)).toBe(false)
    const back = await patch(true)
    expect(back.status).toBe(403)
    expect(await isMember(org.id, userId)).toBe(false)
    expect((await call(user, token, `/Users/${person.id}`, { method: 'DELETE', params: { id: person.id } })).status).toBe(204)
  })
})

describe('SCIM tenant isolation', () => {
  it('keeps two organizations apart: nothing one token made is seen or changed with the other', async () => {
    const a = await setup('Kommun A')
    const b = await setup('Kommun B')
    const person = await createScimUser(a.token)
    const g = await json(await call(groups, a.token, '/Groups', { json: { displayName: 'A-gruppen' } }))
    expect((await json(await call(users, b.token, '/Users'))).totalResults).toBe(0)
    expect(
      (await json(await call(users, b.token, `/Users?filter=${encodeURIComponent(`userName eq "${person.userName}"`)}`))).totalResults,
    ).toBe(0)
    expect((await call(user, b.token, `/Users/${person.id}`, { params: { id: person.id } })).status).toBe(404)
    expect((await call(user, b.token, `/Users/${person.id}`, { method: 'DELETE', params: { id: person.id } })).status).toBe(404)
    expect(
      (
        await call(user, b.token, `/Users/${person.id}`, {
          method: 'PATCH',
          json: { Operations: [{ op: 'replace', path: 'active', value: false }] },
          params: { id: person.id },
        })
      ).status,
    ).toBe(404)
    expect((await call(group, b.token, `/Groups/${g.id}`, { params: { id: g.id } })).status).toBe(404)
    // B's group cannot take A's user as a member.
    const bg = await json(await call(groups, b.token, '/Groups', { json: { displayName: 'B-gruppen', members: [{ value: person.id }] } }))
    expect(bg.members).toEqual([])
    // The same person provisioned by B too: one account, two resources, and A's stays.
    const inB = await createScimUser(b.token, person.userName)
    expect(inB.id).not.toBe(person.id)
    await call(user, b.token, `/Users/${inB.id}`, { method: 'DELETE', params: { id: inB.id } })
    const userId = await userIdOf(person.userName)
    expect(await isMember(a.org.id, userId)).toBe(true)
    expect(await isMember(b.org.id, userId)).toBe(false)
  })
})
