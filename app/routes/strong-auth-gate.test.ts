import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { args, createUser, makeRequest, sessionCookieFor } from '../../tests/support/factories'
import { flattenRoutes, type FlatRoute } from '../../tests/support/route-list'
import { addMember, createGroup, createOrganization } from '../../tests/support/org-factories'
import { newId, nowIso } from '~/utils/ids.server'
import { enableTotpFor } from '../../tests/support/two-step'

/**
 * The organization's two-step policy (docs/auth.md "Organization policy") on EVERY route under an
 * organization's id, and every other route an admin's rights open (a group of the organization or
 * one of its invitations in the URL, the people picker), derived from app/routes.ts: a route added
 * there is walked here without a change to this file. An admin the policy covers, without two-step verification, signed in with a
 * password: every screen (loader and form action) redirects to the security screen with the
 * organization named, every API call answers 403 STRONG_AUTH_REQUIRED; nothing changes. The same
 * admin with two-step on, or signed in through single sign-on or with a passkey, is let through.
 */

/** Every route of the product whose URL names an organization (but the platform's own administration of organizations, which is for platform admins, docs/platform.md). */
const ORGANIZATION_ROUTES = flattenRoutes().filter((r) => r.path.split('/').includes(':organizationId') && !r.path.startsWith('platform/'))

/**
 * Every other route an admin's rights open: those whose URL names a group of the organization
 * (an admin sees any of them, with the members' emails, and invites) or one of its invitations
 * (an admin revokes it). Walked with a group the admin is not a member of and an invitation of
 * the organization.
 */
const ADMIN_OPENED_ROUTES = flattenRoutes().filter((r) => /:(groupId|invitationId)(\/|$)/.test(r.path))

type Module = { loader?: (a: any) => unknown; action?: (a: any) => unknown }
const modules = import.meta.glob<Module>(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts', '!./**/*.test.tsx'])
const moduleOf = (file: string) => {
  const load = modules[`./${file.replace(/^routes\//, '')}`]
  if (!load) throw new Error(`No module for ${file}`)
  return load()
}

interface Answer {
  status: number
  location: string | null
  body: any
}

async function call(
  fn: (a: any) => unknown,
  path: string,
  method: string,
  cookie: string,
  params: Record<string, string>,
): Promise<Answer> {
  const isApi = path.startsWith('/api/')
  const request = makeRequest(path, {
    method,
    cookie,
    ...(method === 'GET' ? {} : isApi ? { json: {} } : { form: { intent: 'rename', name: 'Gate crasher' } }),
  })
  let result: unknown
  try {
    result = await fn(args(request, params))
  } catch (error) {
    if (!(error instanceof Response) && (error as { type?: string })?.type !== 'DataWithResponseInit') throw error
    result = error
  }
  if (result instanceof Response) {
    const text = await result.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: result.status, location: result.headers.get('Location'), body }
  }
  const r = result as { type?: string; init?: ResponseInit; data?: unknown }
  if (r?.type === 'DataWithResponseInit') return { status: r.init?.status ?? 200, location: null, body: r.data }
  return { status: 200, location: null, body: result }
}

let orgId: string
let admin: User
let creator: User
let member: User
/** A group of the organization the admin is not a member of, and one the admin is a plain member of. */
let groupId: string
let adminsGroupId: string
let invitationId: string

beforeAll(async () => {
  admin = await createUser({ name: 'Pia Policy' })
  creator = await createUser({ name: 'Gustav Creator' })
  member = await createUser({ name: 'Mira Member' })
  const org = await createOrganization({
    name: 'Policy School',
    adminIds: [admin.id],
    memberIds: [member.id],
    groupCreatorIds: [creator.id],
  })
  orgId = org.id
  await db().updateTable('organizations').set({ two_step_policy: 'admins-and-group-creators' }).where('id', '=', orgId).execute()
  groupId = (await createGroup(orgId, { ownerId: creator.id, memberIds: [member.id], name: 'Gated Group' })).id
  adminsGroupId = (await createGroup(orgId, { ownerId: creator.id, memberIds: [admin.id, member.id], name: 'Admin Member Group' })).id
  invitationId = newId()
  await db()
    .insertInto('invitations')
    .values({
      id: invitationId,
      organization_id: orgId,
      group_id: groupId,
      type: 'email',
      email: 'invited@example.se',
      group_creator: 0,
      code_hash: newId(),
      created_by: admin.id,
      created_at: nowIso(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute()
})

const valueOf = (name: string) => ({ organizationId: orgId, groupId, invitationId })[name] ?? 'x'
const pathOf = (route: FlatRoute) => `/${route.path.replace(/:(\w+)\??/g, (_, name: string) => valueOf(name))}`
const paramsOf = (route: FlatRoute) => Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, valueOf(name)]))

/** What may not change when someone the policy stops calls a route. */
async function snapshot() {
  const d = db()
  const [organization, members, groups, groupMembers, invitations, audit, tokens] = await Promise.all([
    d.selectFrom('organizations').selectAll().where('id', '=', orgId).execute(),
    d.selectFrom('organization_members').selectAll().where('organization_id', '=', orgId).orderBy('user_id').execute(),
    d.selectFrom('groups').selectAll().where('organization_id', '=', orgId).orderBy('id').execute(),
    d
      .selectFrom('group_members')
      .selectAll()
      .where('group_id', 'in', [groupId, adminsGroupId])
      .orderBy('group_id')
      .orderBy('user_id')
      .execute(),
    d.selectFrom('invitations').selectAll().where('organization_id', '=', orgId).orderBy('id').execute(),
    d.selectFrom('audit_log').select('id').where('organization_id', '=', orgId).orderBy('id').execute(),
    d.selectFrom('directory_tokens').select('id').where('organization_id', '=', orgId).orderBy('id').execute(),
  ])
  return { organization, members, groups, groupMembers, invitations, audit, tokens }
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const

/** Calls every handler of the route (page: loader and action; API: each method) as the cookie's user. */
async function callAll(route: FlatRoute, cookie: string) {
  const mod = await moduleOf(route.file)
  const path = pathOf(route)
  const params = paramsOf(route)
  const answers: { method: string; answer: Answer }[] = []
  if (path.startsWith('/api/')) {
    for (const method of METHODS) {
      const fn = method === 'GET' ? mod.loader : mod.action
      if (!fn) continue
      const answer = await call(fn, path, method, cookie, params)
      if (answer.status !== 405) answers.push({ method, answer })
    }
  } else {
    if (mod.loader) {
      const answer = await call(mod.loader, path, 'GET', cookie, params)
      // A form's resource route (it takes POST only) answers 405 to every GET, whoever asks.
      if (answer.status !== 405) answers.push({ method: 'GET', answer })
    }
    if (mod.action) {
      const answer = await call(mod.action, path, 'POST', cookie, params)
      // A screen that takes no form (a download) answers 405 to every POST, whoever asks.
      if (answer.status !== 405) answers.push({ method: 'POST', answer })
    }
  }
  return answers
}

const setupUrlFor = (user: User) => `/users/${user.id}/preferences/security?requiredBy=${orgId}`

describe('the organization two-step policy on every route under an organization', () => {
  it('finds the organization routes in app/routes.ts (screens and API)', () => {
    const paths = ORGANIZATION_ROUTES.map((r) => r.path)
    expect(paths).toContain('organizations/:organizationId')
    expect(paths).toContain('organizations/:organizationId/members')
    expect(paths).toContain('api/v1/organizations/:organizationId/name')
    expect(paths).toContain('api/v2/organizations/:organizationId/invitations')
    expect(ORGANIZATION_ROUTES.length).toBeGreaterThanOrEqual(20)
  })

  it('finds the other routes an admin opens: a group of the organization, one of its invitations', () => {
    const paths = ADMIN_OPENED_ROUTES.map((r) => r.path)
    expect(paths).toContain('groups/:groupId/home')
    expect(paths).toContain('api/v3/groups/:groupId/leave')
    expect(paths).toContain('api/v1/invitations/:invitationId')
  })

  for (const route of [...ORGANIZATION_ROUTES, ...ADMIN_OPENED_ROUTES]) {
    it(`${route.path} (${route.id}): an admin without two-step, signed in with a password, is stopped; nothing changes`, async () => {
      const cookie = await sessionCookieFor(admin, 'password')
      const before = await snapshot()
      const answers = await callAll(route, cookie)
      expect(answers.length).toBeGreaterThan(0)
      for (const { method, answer } of answers) {
        if (route.path.startsWith('api/')) {
          expect({ method, status: answer.status, message: answer.body?.message }).toEqual({
            method,
            status: 403,
            message: 'STRONG_AUTH_REQUIRED',
          })
          expect(answer.body.organizationId).toBe(orgId)
          expect(answer.body.setupUrl).toContain(setupUrlFor(admin))
        } else {
          expect({ method, status: answer.status }).toEqual({ method, status: 302 })
          expect(answer.location).toContain(setupUrlFor(admin))
          expect(answer.location).toContain('redirectTo=')
        }
      }
      expect(await snapshot()).toEqual(before)
    })
  }

  it('a group creator is stopped too when the policy includes them (their view of the home, and the create-group call)', async () => {
    const cookie = await sessionCookieFor(creator, 'password')
    const home = ORGANIZATION_ROUTES.find((r) => r.path === 'organizations/:organizationId' && r.file.endsWith('home/route.tsx'))!
    const [{ answer }] = await callAll(home, cookie)
    expect(answer.status).toBe(302)
    expect(answer.location).toContain(setupUrlFor(creator))
    const create = ORGANIZATION_ROUTES.find((r) => r.path.endsWith('/create-group-with-members'))!
    const answers = await callAll(create, cookie)
    expect(answers.map((a) => [a.answer.status, a.answer.body?.message])).toEqual([[403, 'STRONG_AUTH_REQUIRED']])
  })

  it('routes that name the organization or its group in their query are stopped too: the people picker for a new group, an owner, an invitation', async () => {
    const cookie = await sessionCookieFor(admin, 'password')
    const mod = await moduleOf('routes/people-search.ts')
    for (const query of [
      `for=new-group&organizationId=${orgId}`,
      `for=group-owner&organizationId=${orgId}`,
      `for=group-invite&groupId=${groupId}`,
    ]) {
      const answer = await call(mod.loader!, `/people/search?${query}&q=a`, 'GET', cookie, {})
      expect({ query, status: answer.status, message: answer.body?.message }).toEqual({
        query,
        status: 403,
        message: 'STRONG_AUTH_REQUIRED',
      })
      expect(answer.body.setupUrl).toContain(setupUrlFor(admin))
    }
  })

  it('the group screen sends the admin back to the group once it is set up', async () => {
    const mod = await moduleOf('routes/groups/home/route.tsx')
    const answer = await call(mod.loader!, `/groups/${groupId}/home`, 'GET', await sessionCookieFor(admin, 'password'), { groupId })
    expect(answer.status).toBe(302)
    expect(answer.location).toContain(`redirectTo=${encodeURIComponent(`/groups/${groupId}/home`)}`)
  })

  it("in a group the admin is a member of, an admin it stops keeps their role's rights only: no emails, no invitations, no admin", async () => {
    const mod = await moduleOf('routes/groups/home/route.tsx')
    const path = `/groups/${adminsGroupId}/home`
    const held = await call(mod.loader!, path, 'GET', await sessionCookieFor(admin, 'password'), { groupId: adminsGroupId })
    expect(held.status).toBe(200)
    expect(held.body.home.seesEmails).toBe(false)
    expect(held.body.home.organization.isAdmin).toBe(false)
    expect(held.body.home.owner.email).toBeUndefined()
    expect(held.body.home.members.items.map((m: { email?: string }) => m.email)).toEqual([undefined, undefined, undefined])
    const search = await moduleOf('routes/people-search.ts')
    const picker = await call(
      search.loader!,
      `/people/search?for=group-invite&groupId=${adminsGroupId}&q=a`,
      'GET',
      await sessionCookieFor(admin, 'password'),
      {},
    )
    expect([picker.status, picker.body?.message]).toEqual([403, 'FORBIDDEN'])
    const mine = await moduleOf('routes/api/groups/mine.ts')
    const list = await call(mine.loader!, '/api/v3/groups?populate=owner', 'GET', await sessionCookieFor(admin, 'password'), {})
    expect(list.body.find((g: { _id: string }) => g._id === adminsGroupId).owner).toEqual({ _id: creator.id, name: creator.name })

    // Signed in with a passkey, the same admin sees them again.
    const met = await call(mod.loader!, path, 'GET', await sessionCookieFor(admin, 'passkey'), { groupId: adminsGroupId })
    expect([met.body.home.seesEmails, met.body.home.organization.isAdmin, met.body.home.owner.email]).toEqual([true, true, creator.email])
    const again = await call(mine.loader!, '/api/v3/groups?populate=owner', 'GET', await sessionCookieFor(admin, 'passkey'), {})
    expect(again.body.find((g: { _id: string }) => g._id === adminsGroupId).owner.email).toBe(creator.email)
  })

  it('a plain member is not covered: the answers stay those of someone who may not see it (404)', async () => {
    const cookie = await sessionCookieFor(member, 'password')
    const groups = ORGANIZATION_ROUTES.find((r) => r.path === 'api/v1/organizations/:organizationId/groups')!
    const mod = await moduleOf(groups.file)
    const answer = await call(mod.loader!, pathOf(groups), 'GET', cookie, paramsOf(groups))
    expect([answer.status, answer.body?.message]).toEqual([404, 'ORGANIZATION_NOT_FOUND'])
    const members = ORGANIZATION_ROUTES.find((r) => r.path.endsWith('/members') && !r.path.startsWith('api/'))!
    const [{ answer: page }] = await callAll(members, cookie)
    expect(page.status).toBe(404)
  })

  it('the policy off: nobody is stopped', async () => {
    const other = await createUser()
    const org = await createOrganization({ name: 'No Policy', adminIds: [other.id] })
    const cookie = await sessionCookieFor(other, 'password')
    const mod = await moduleOf('routes/organizations/members.tsx')
    const answer = await call(mod.loader!, `/organizations/${org.id}/members`, 'GET', cookie, { organizationId: org.id })
    expect(answer.status).toBe(200)
  })

  it('a passkey the admin owns does not make a password-only session meet it (sign in with the passkey instead)', async () => {
    const owner = await createUser({ name: 'Petra Passkey' })
    await addMember(orgId, owner.id, { role: 'admin' })
    await db()
      .insertInto('passkeys')
      .values({
        id: `pk-${owner.id}`,
        user_id: owner.id,
        credential_id: `cred-${owner.id}`,
        public_key: 'AA',
        counter: 0,
        device_type: 'multiDevice',
        backed_up: 1,
        transports: '[]',
        aaguid: null,
        name: 'Laptop',
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute()
    const mod = await moduleOf('routes/organizations/members.tsx')
    const path = `/organizations/${orgId}/members`
    const stopped = await call(mod.loader!, path, 'GET', await sessionCookieFor(owner, 'password'), { organizationId: orgId })
    expect([stopped.status, stopped.location?.includes(setupUrlFor(owner))]).toEqual([302, true])
    const through = await call(mod.loader!, path, 'GET', await sessionCookieFor(owner, 'passkey'), { organizationId: orgId })
    expect(through.status).toBe(200)
  })

  describe('who meets it', () => {
    const screens = () =>
      [...ORGANIZATION_ROUTES, ...ADMIN_OPENED_ROUTES].filter(
        (r) => !r.path.startsWith('api/') && r.path !== 'organizations/:organizationId/members.csv',
      )
    const apiGets = () => ORGANIZATION_ROUTES.filter((r) => r.path.startsWith('api/'))

    async function expectLetThrough(cookie: string) {
      for (const route of screens()) {
        const mod = await moduleOf(route.file)
        const answer = await call(mod.loader!, pathOf(route), 'GET', cookie, paramsOf(route))
        // Let through: the screen answers (a page, or its own answer for a placeholder id, a right the
        // role lacks, a redirect of its own), never the policy's way to the security screen.
        expect({ route: route.path, location: answer.location?.includes('/preferences/security?requiredBy=') ? 'setup' : 'own' }).toEqual({
          route: route.path,
          location: 'own',
        })
        expect({ route: route.path, status: answer.status }).not.toEqual({ route: route.path, status: 500 })
      }
      for (const route of apiGets()) {
        const mod = await moduleOf(route.file)
        for (const method of METHODS) {
          const fn = method === 'GET' ? mod.loader : mod.action
          if (!fn) continue
          // An empty body: the call itself answers (400, 404, 405, 200...), never the policy's 403.
          if (method !== 'GET') continue
          const answer = await call(fn, pathOf(route), method, cookie, paramsOf(route))
          expect({ route: route.path, message: answer.body?.message }).not.toEqual({ route: route.path, message: 'STRONG_AUTH_REQUIRED' })
        }
      }
    }

    it('a session signed in through single sign-on (the provider answers for its second factor)', async () => {
      await expectLetThrough(await sessionCookieFor(admin, 'sso:google'))
    })

    it('a session signed in with a passkey', async () => {
      await expectLetThrough(await sessionCookieFor(admin, 'passkey'))
    })

    it('an admin with two-step verification on, even in a password session', async () => {
      const second = await createUser({ name: 'Tove Twostep' })
      await addMember(orgId, second.id, { role: 'admin' })
      await enableTotpFor(second.id)
      await expectLetThrough(await sessionCookieFor(second, 'password'))
    })
  })
})
