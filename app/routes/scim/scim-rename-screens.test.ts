import { describe, expect, it } from 'vitest'
import { ctxFor } from '~/services/context.server'
import { createDirectoryToken } from '~/services/directory/tokens.server'
import { listMembers } from '~/services/members/members.server'
import { searchPeople } from '~/services/members/people-search.server'
import { args, createUser, makeRequest, sessionCookieFor, uniqueEmail } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import * as members from '../organizations/members'
import * as user from './user'
import * as users from './users'

/*
 * Issue 35, item 4: a rename the directory may make (docs/directory-sync.md: an account it created
 * and that belongs to no other organization) reaches the screens: the members page's search and
 * the people picker find the new name, and no longer the old one; a rename it may not make
 * changes neither.
 */

const scim = (token: string, path: string, init: { method?: string; json?: unknown; params?: Record<string, string> }) => {
  const request = makeRequest(`/scim/v2${path}`, {
    method: init.method ?? 'POST',
    json: init.json,
    headers: { Authorization: `Bearer ${token}` },
  })
  return (path === '/Users' ? users : user).action(args(request, init.params ?? {}))
}

const entraUser = (email: string, displayName: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  externalId: `ext-${email}`,
  userName: email,
  active: true,
  displayName,
  emails: [{ primary: true, type: 'work', value: email }],
})

const rename = (token: string, id: string, displayName: string) =>
  scim(token, `/Users/${id}`, {
    method: 'PATCH',
    json: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'displayName', value: displayName }],
    },
    params: { id },
  })

describe('directory renames on the screens (issue 35)', () => {
  it('the members search (page and service) and the people picker find the new name, not the old', async () => {
    const admin = await createUser({ name: 'Astrid Admin' })
    const org = await createOrganization({ adminIds: [admin.id] })
    const { token } = await createDirectoryToken(ctxFor(admin), org.id, 'Entra ID')
    const email = uniqueEmail('scim')
    const created = (await (await scim(token, '/Users', { json: entraUser(email, 'Åsa Ogift') })).json()) as { id: string }
    expect((await rename(token, created.id, 'Åsa Giftnamn')).status).toBe(200)

    const found = async (q: string) =>
      (await listMembers(ctxFor(admin), org.id, { q, sort: 'name', dir: 'asc', page: 1, pageSize: 50 } as never)).items.map((m) => m.name)
    expect(await found('Giftnamn')).toEqual(['Åsa Giftnamn'])
    expect(await found('Ogift')).toEqual([])
    const page = (await members.loader(
      args(makeRequest(`/organizations/${org.id}/members?q=giftnamn`, { cookie: await sessionCookieFor(admin) }), {
        organizationId: org.id,
      }),
    )) as { page: { items: { name: string }[] } }
    expect(page.page.items.map((m) => m.name)).toEqual(['Åsa Giftnamn'])
    const picked = async (q: string) =>
      (await searchPeople(ctxFor(admin), { for: 'new-group', organizationId: org.id }, q)).map((p) => p.name)
    expect(await picked('Giftnamn')).toEqual(['Åsa Giftnamn'])
    expect(await picked('Ogift')).toEqual([])
  })

  it('an account that existed before keeps its name on every screen', async () => {
    const admin = await createUser({ name: 'Astrid Admin' })
    const org = await createOrganization({ adminIds: [admin.id] })
    const person = await createUser({ name: 'Berit Befintlig' })
    const { token } = await createDirectoryToken(ctxFor(admin), org.id, 'Entra ID')
    const created = (await (await scim(token, '/Users', { json: entraUser(person.email, 'Berit Katalog') })).json()) as { id: string }
    expect((await rename(token, created.id, 'Berit Annat')).status).toBe(200)
    const picked = await searchPeople(ctxFor(admin), { for: 'new-group', organizationId: org.id }, 'Berit')
    expect(picked.map((p) => p.name)).toEqual(['Berit Befintlig'])
  })
})
