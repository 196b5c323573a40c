import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { ctxFor } from '~/services/context.server'
import { createInvitation } from '~/services/invitations/invitations.server'
import { revokeInvitation } from '~/services/invitations/invitation-admin.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, sessionCookieFor, uniqueEmail, unwrap } from '../../tests/support/factories'
import { addMember, createGroup, createOrganization } from '../../tests/support/org-factories'
import { flattenRoutes } from '../../tests/support/route-list'
import * as invitationApi from './api/invitations/invitation'
import * as organizationInvitationsApi from './api/invitations/organization-invitations'
import * as useCodeApi from './api/invitations/use-code'
import * as activeApi from './api/organizations/active'
import * as contactApi from './api/organizations/contact'
import * as createGroupApi from './api/organizations/create-group'
import * as deleteGroupsApi from './api/organizations/delete-groups'
import * as groupCreatorsApi from './api/organizations/group-creators'
import * as adminsApi from './api/organizations/admins'
import * as groupsApi from './api/organizations/groups'
import * as changeOwnersApi from './api/organizations/groups.change-owners'
import * as setActiveApi from './api/organizations/groups.set-active'
import * as statisticsApi from './api/organizations/groups.statistics'
import * as organizationsApi from './api/organizations/list'
import * as membersApi from './api/organizations/members'
import * as nameApi from './api/organizations/name'
import * as removeMembersApi from './api/organizations/remove-members'
import * as endMemberSessionsApi from './api/organizations/end-member-sessions'
import * as scimTokensApi from './api/organizations/scim-tokens'
import * as invitationCodePage from './auth/invitation-code/route'
import * as invitationsInboxPage from './invitations/route'
import * as myGroupsApi from './api/groups/mine'
import * as groupHomePage from './groups/home/route'
import * as myGroupsPage from './groups/list/route'
import * as peopleSearch from './people-search'
import * as createGroupPage from './create/route'
import * as auditCsvPage from './organizations/audit/audit-csv'
import * as auditPage from './organizations/audit/route'
import * as groupCreatorsPage from './organizations/group-creators/route'
import * as groupsPage from './organizations/groups/route'
import * as homePage from './organizations/home/route'
import * as layoutPage from './organizations/layout'
import * as listPage from './organizations/list'
import * as membersCsvPage from './organizations/members-csv'
import * as membersPage from './organizations/members'
import * as membersImportPage from './organizations/members-import/route'

/**
 * Spec section 6, "Roles and permissions": every page and API call of the organization administration,
 * walked as each kind of actor, with the answer checked and, for everyone who must not get in,
 * the database compared before and after (nothing of either organization may change).
 *
 * - anonymous: pages redirect to /signin?redirectTo=<path>; the API answers 401 SESSION_NOT_FOUND.
 * - member of A, group creator of A, admin of B: 404 (the organization's existence is not revealed).
 * - admin of A: success.
 * Routes open to every signed-in user (/organizations, /api/v3/organizations, /invitation-code,
 * use-code) say per actor what they answer.
 *
 * Every other route of app/routes.ts has a row in ROUTES (at the end) saying who may call it, and
 * is called signed out: a route added to app/routes.ts without a row in either table fails here.
 */

// ---------- calling loaders and actions ----------

type Handler = (a: ReturnType<typeof args>) => unknown
interface Answer {
  status: number
  location: string | null
  headers: Headers
  body: any
}

let client = 0
async function call(
  fn: Handler,
  path: string,
  init: {
    method?: string
    json?: unknown
    form?: Record<string, string | string[]>
    cookie?: string
    params?: Record<string, string>
    headers?: Record<string, string>
  } = {},
): Promise<Answer> {
  const a = args(makeRequest(path, init), init.params)
  // A client of its own per call: the per-client rate limit of invitation codes never interferes.
  client += 1
  a.context.clientIp = `10.9.${Math.floor(client / 250)}.${client % 250}`
  let result: unknown
  try {
    result = await fn(a)
  } catch (error) {
    // Thrown Responses (redirects, 404) and thrown data() (route errors) are answers too.
    if (!(error instanceof Response) && (error as { type?: string })?.type !== 'DataWithResponseInit') throw error
    result = error
  }
  if (result instanceof Response) {
    const text = await result.text()
    const json = result.headers.get('Content-Type')?.includes('json') && text
    return {
      status: result.status,
      location: result.headers.get('Location'),
      headers: result.headers,
      body: json ? JSON.parse(text) : text,
    }
  }
  const { status, data, headers } = unwrap(result)
  return { status, location: headers.get('Location'), headers, body: data }
}

const toastOf = async (answer: Answer) => (await readToast(makeRequest('/', { cookie: cookiesFrom(answer.headers) }))).toast

// ---------- the two organizations and the actors ----------

const ACTORS = ['anonymous', 'member of A', 'group creator of A', 'admin of B', 'admin of A'] as const
type Actor = (typeof ACTORS)[number]

interface Fixture {
  adminA: User
  member: User
  creatorA: User
  adminB: User
  memberB: User
  creatorB: User
  orgA: string
  orgB: string
  groupB: string
  invitationB: string
  /** The code of an email invitation of A to someone who is none of the actors. */
  foreignCode: string
  /** Its id (what the invitations inbox answers by). */
  foreignInvitation: string
  /** The code of a revoked invitation of A. */
  revokedCode: string
  cookies: Record<Actor, string | undefined>
}
let fx: Fixture

beforeAll(async () => {
  const adminA = await createUser({ name: 'Alva Admin' })
  const member = await createUser({ name: 'Mats Member' })
  const creatorA = await createUser({ name: 'Cia Creator' })
  const others = await Promise.all([createUser({ name: 'Olle' }), createUser({ name: 'Pia' }), createUser({ name: 'Rut' })])
  const orgA = await createOrganization({
    name: 'A-skolan',
    contact: { name: 'Rektor A', email: 'rektor@a.example.se' },
    adminIds: [adminA.id],
    memberIds: [member.id, ...others.map((o) => o.id)],
    groupCreatorIds: [creatorA.id],
  })
  await createGroup(orgA.id, { ownerId: adminA.id, memberIds: [member.id, others[0].id], name: 'Klass 1A' })
  await createGroup(orgA.id, {
    ownerId: others[1].id,
    memberIds: [[others[2].id, 'leader']],
    name: 'Närvaro 2B',
    kind: 'attendance',
    active: false,
  })
  const ctxA = ctxFor(adminA)
  await createInvitation(ctxA, orgA.id, { type: 'open', groupCreator: true })
  const foreign = await createInvitation(ctxA, orgA.id, { type: 'email', email: uniqueEmail('outsider'), groupCreator: true })
  const revoked = await createInvitation(ctxA, orgA.id, { type: 'open', groupCreator: true })
  await revokeInvitation(ctxA, revoked.invitation._id)

  const adminB = await createUser({ name: 'Bea Admin' })
  const memberB = await createUser({ name: 'Bo Member' })
  const creatorB = await createUser({ name: 'Bror Creator' })
  const orgB = await createOrganization({
    name: 'B-skolan',
    adminIds: [adminB.id],
    memberIds: [memberB.id],
    groupCreatorIds: [creatorB.id],
  })
  const groupB = await createGroup(orgB.id, { ownerId: memberB.id, memberIds: [creatorB.id], name: 'Klass B' })
  const invitationB = await createInvitation(ctxFor(adminB), orgB.id, { type: 'email', email: uniqueEmail('b-guest'), groupCreator: true })

  fx = {
    adminA,
    member,
    creatorA,
    adminB,
    memberB,
    creatorB,
    orgA: orgA.id,
    orgB: orgB.id,
    groupB: groupB.id,
    invitationB: invitationB.invitation._id,
    foreignCode: foreign.code,
    foreignInvitation: foreign.invitation._id,
    revokedCode: revoked.code,
    cookies: {
      anonymous: undefined,
      'member of A': await sessionCookieFor(member),
      'group creator of A': await sessionCookieFor(creatorA),
      'admin of B': await sessionCookieFor(adminB),
      'admin of A': await sessionCookieFor(adminA),
    },
  }
})

/** Everything of the two organizations an access check must leave alone. */
async function snapshot(orgIds = [fx.orgA, fx.orgB]) {
  const d = db()
  const [organizations, members, groups, groupMembers, invitations, audit, sessions] = await Promise.all([
    d.selectFrom('organizations').selectAll().where('id', 'in', orgIds).orderBy('id').execute(),
    d
      .selectFrom('organization_members')
      .select(['organization_id', 'user_id', 'role', 'is_group_creator'])
      .where('organization_id', 'in', orgIds)
      .orderBy('organization_id')
      .orderBy('user_id')
      .execute(),
    d.selectFrom('groups').selectAll().where('organization_id', 'in', orgIds).orderBy('id').execute(),
    d
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['gm.group_id', 'gm.user_id', 'gm.role'])
      .where('g.organization_id', 'in', orgIds)
      .orderBy('gm.group_id')
      .orderBy('gm.user_id')
      .execute(),
    d
      .selectFrom('invitations')
      .select(['id', 'organization_id', 'code_hash', 'expires_at', 'used_at', 'used_by', 'revoked_at'])
      .where('organization_id', 'in', orgIds)
      .orderBy('id')
      .execute(),
    d.selectFrom('audit_log').select(['id', 'action']).where('organization_id', 'in', orgIds).orderBy('id').execute(),
    // The members' sessions ("end sessions" of another organization must end none).
    d
      .selectFrom('sessions as s')
      .innerJoin('organization_members as m', 'm.user_id', 's.user_id')
      .select(['m.organization_id', 's.user_id', 's.id_hash'])
      .where('m.organization_id', 'in', orgIds)
      .orderBy('m.organization_id')
      .orderBy('s.id_hash')
      .execute(),
  ])
  return { organizations, members, groups, groupMembers, invitations, audit, sessions }
}

// ---------- fresh things of A for one test to act on ----------

type Need = 'victim' | 'creator' | 'group' | 'invitation'
interface Targets {
  /** A number of this test, for unique names. */
  n: number
  /** A plain member of A. */
  victim: User
  /** A group creator of A. */
  creator: User
  /** A group of A (owner: A's admin, with the plain member). */
  group: string
  /** A pending email invitation of A. */
  invitation: string
}

let serial = 0
async function prepare(needs: Need[] = []): Promise<Targets> {
  serial += 1
  const t = { n: serial } as Targets
  if (needs.includes('victim')) {
    t.victim = await createUser({ name: `Vera Victim ${serial}` })
    await addMember(fx.orgA, t.victim.id)
  }
  if (needs.includes('creator')) {
    t.creator = await createUser({ name: `Carl Creator ${serial}` })
    await addMember(fx.orgA, t.creator.id, { groupCreator: true })
  }
  if (needs.includes('group'))
    t.group = (await createGroup(fx.orgA, { ownerId: fx.adminA.id, memberIds: [fx.member.id], name: `Target ${serial}` })).id
  if (needs.includes('invitation')) {
    const { invitation } = await createInvitation(ctxFor(fx.adminA), fx.orgA, {
      type: 'email',
      email: uniqueEmail('guest'),
      groupCreator: true,
    })
    t.invitation = invitation._id
  }
  return t
}

const membership = (orgId: string, userId: string) =>
  db()
    .selectFrom('organization_members')
    .select(['role', 'is_group_creator'])
    .where('organization_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
const groupRow = (id: string) => db().selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst()
const invitationRow = (id: string) => db().selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const orgRow = (id: string) => db().selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const ids = (items: { _id: string }[]) => items.map((i) => i._id)

/** A successful page action: the redirect back to the page, with a success toast. */
async function redirectedWithSuccess(res: Answer, path: string) {
  expect(res.status).toBe(302)
  expect(res.location).toBe(path)
  expect(await toastOf(res)).toMatchObject({ type: 'success' })
}

// ---------- the table ----------

interface Case {
  name: string
  kind: 'page' | 'api'
  handler: Handler
  method?: string
  path: (t: Targets) => string
  params?: (t: Targets) => Record<string, string>
  json?: (t: Targets) => unknown
  form?: (t: Targets) => Record<string, string | string[]>
  needs?: Need[]
  /** The code of the API's 404 for those who may not (ORGANIZATION_NOT_FOUND unless told). */
  notFound?: string
  /** What the admin of A gets (admins-only routes). */
  admin?: (res: Answer, t: Targets) => Promise<void> | void
  /** What the group creator of A gets, for routes open to group creators too (creating groups); 404 without. */
  creator?: (res: Answer, t: Targets) => Promise<void> | void
  /**
   * Routes for every signed-in user: the check for each signed-in actor instead of 404 / admin,
   * and whether the call must leave the organizations unchanged for all of them.
   */
  signedIn?: { check: (actor: Exclude<Actor, 'anonymous'>, res: Answer, t: Targets) => Promise<void> | void; changesNothing: boolean }
}

const orgPage =
  (sub = '') =>
  () =>
    `/organizations/${fx.orgA}${sub}`
const apiV1 = (sub: string) => () => `/api/v1/organizations/${fx.orgA}/${sub}`

/** The organizations each signed-in actor may see in the list (by id, with the access). */
const expectedList = (actor: Exclude<Actor, 'anonymous'>) =>
  ({
    'member of A': [],
    'group creator of A': [{ _id: fx.orgA, access: 'groupCreator' }],
    'admin of B': [{ _id: fx.orgB, access: 'admin' }],
    'admin of A': [{ _id: fx.orgA, access: 'admin' }],
  })[actor]

const CASES: Case[] = [
  // ----- pages -----
  {
    name: 'GET /create/group',
    kind: 'page',
    handler: createGroupPage.loader,
    path: () => '/create/group',
    signedIn: {
      changesNothing: true,
      check: (actor, res) => {
        expect(res.status).toBe(200)
        const expected = { 'member of A': [], 'group creator of A': [fx.orgA], 'admin of B': [fx.orgB], 'admin of A': [fx.orgA] }[actor]
        expect(res.body.organizations.map((o: { _id: string }) => o._id)).toEqual(expected)
        expect(res.body.denied).toBe(expected.length ? null : 'groups')
      },
    },
  },
  {
    name: 'GET /people/search (the create picker of A)',
    kind: 'api',
    handler: peopleSearch.loader,
    path: () => `/people/search?for=new-group&organizationId=${fx.orgA}&q=a`,
    admin: (res) => expect(res.status).toBe(200),
    creator: (res) => expect(res.status).toBe(200),
  },
  {
    name: 'GET /organizations',
    kind: 'page',
    handler: listPage.loader,
    path: () => '/organizations',
    signedIn: {
      changesNothing: true,
      check: (actor, res) => {
        expect(res.status).toBe(200)
        expect(res.body.organizations.map((o: { _id: string; access: string }) => ({ _id: o._id, access: o.access }))).toEqual(
          expectedList(actor),
        )
      },
    },
  },
  {
    name: 'GET /organizations/:id (layout)',
    kind: 'page',
    handler: layoutPage.loader,
    path: orgPage(),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(res.body.org).toMatchObject({ id: fx.orgA, name: expect.any(String), access: 'admin' })
    },
    // A group creator sees the organization's home without its administration's tabs (docs/organizations.md).
    creator: (res) => {
      expect(res.status).toBe(200)
      expect(res.body.org).toMatchObject({ id: fx.orgA, name: expect.any(String), access: 'groupCreator' })
    },
  },
  {
    name: 'GET /organizations/:id (home)',
    kind: 'page',
    handler: homePage.loader,
    path: orgPage(),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(res.body.view).toBe('admin')
      expect(res.body.organization._id).toBe(fx.orgA)
      expect(res.body.counts.members).toBeGreaterThanOrEqual(6)
    },
    // What they may create there and their own groups; nothing of its administration (data minimization).
    creator: (res) => {
      expect(res.status).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['groups', 'organization', 'view'])
      expect(res.body.view).toBe('groupCreator')
      expect(res.body.organization).toEqual({
        _id: fx.orgA,
        name: expect.any(String),
        active: true,
        mayCreate: true,
        mayCreateAttendance: expect.any(Boolean),
      })
      expect(res.body.groups).toEqual({ items: [], total: 0 })
    },
  },
  {
    name: 'POST /organizations/:id intent=rename',
    kind: 'page',
    handler: homePage.action,
    path: orgPage(),
    form: (t) => ({ intent: 'rename', name: `Renamed ${t.n}` }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage()())
      expect((await orgRow(fx.orgA)).name).toBe(`Renamed ${t.n}`)
    },
  },
  {
    name: 'POST /organizations/:id intent=contact',
    kind: 'page',
    handler: homePage.action,
    path: orgPage(),
    form: () => ({ intent: 'contact', name: 'Intruder', email: 'intruder@example.se', phone: '070-000 00 00' }),
    admin: async (res) => {
      await redirectedWithSuccess(res, orgPage()())
      expect(JSON.parse((await orgRow(fx.orgA)).contact)).toMatchObject({ email: 'intruder@example.se' })
    },
  },
  {
    name: 'POST /organizations/:id intent=active (confirmed)',
    kind: 'page',
    handler: homePage.action,
    path: orgPage(),
    form: () => ({ intent: 'active', active: 'false', confirmed: '1' }),
    admin: async (res) => {
      await redirectedWithSuccess(res, orgPage()())
      expect(Number((await orgRow(fx.orgA)).active)).toBe(0)
      await db().updateTable('organizations').set({ active: 1 }).where('id', '=', fx.orgA).execute()
    },
  },
  {
    name: 'GET /organizations/:id/members',
    kind: 'page',
    handler: membersPage.loader,
    path: () => `/organizations/${fx.orgA}/members?q=Mats`,
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(ids(res.body.page.items)).toEqual([fx.member.id])
    },
  },
  {
    name: 'POST /organizations/:id/members intent=remove (confirmed)',
    kind: 'page',
    handler: membersPage.action,
    path: orgPage('/members'),
    needs: ['victim'],
    form: (t) => ({ intent: 'remove', ids: [t.victim.id], confirmed: '1' }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/members')())
      expect(await membership(fx.orgA, t.victim.id)).toBeUndefined()
    },
  },
  {
    name: 'POST /organizations/:id/members intent=endSessions (confirmed)',
    kind: 'page',
    handler: membersPage.action,
    path: orgPage('/members'),
    needs: ['victim'],
    form: (t) => ({ intent: 'endSessions', ids: [t.victim.id], confirmed: '1' }),
    admin: async (res) => {
      await redirectedWithSuccess(res, orgPage('/members')())
    },
  },
  {
    name: 'POST /organizations/:id/members intent=addGroupCreators',
    kind: 'page',
    handler: membersPage.action,
    path: orgPage('/members'),
    needs: ['victim'],
    form: (t) => ({ intent: 'addGroupCreators', ids: [t.victim.id] }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/members')())
      expect(Number((await membership(fx.orgA, t.victim.id))?.is_group_creator)).toBe(1)
    },
  },
  {
    name: 'POST /organizations/:id/members intent=removeGroupCreators',
    kind: 'page',
    handler: membersPage.action,
    path: orgPage('/members'),
    needs: ['creator'],
    form: (t) => ({ intent: 'removeGroupCreators', ids: [t.creator.id] }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/members')())
      expect(Number((await membership(fx.orgA, t.creator.id))?.is_group_creator)).toBe(0)
    },
  },
  {
    name: 'POST /organizations/:id/members intent=addAdmins (confirmed)',
    kind: 'page',
    handler: membersPage.action,
    path: orgPage('/members'),
    needs: ['victim'],
    form: (t) => ({ intent: 'addAdmins', ids: [t.victim.id], confirmed: '1' }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/members')())
      expect((await membership(fx.orgA, t.victim.id))?.role).toBe('admin')
    },
  },
  {
    name: 'POST /organizations/:id/members intent=removeAdmins (confirmed)',
    kind: 'page',
    handler: membersPage.action,
    path: orgPage('/members'),
    needs: ['victim'],
    form: (t) => ({ intent: 'removeAdmins', ids: [t.victim.id], confirmed: '1' }),
    admin: async (res) => {
      expect(res.status).toBe(302)
      expect(await toastOf(res)).toMatchObject({ type: 'error', items: { failed: { NOT_ORGANIZATION_ADMIN: [expect.any(String)] } } })
    },
  },
  {
    name: 'POST /organizations/:id/members intent=addByEmail',
    kind: 'page',
    handler: membersPage.action,
    path: orgPage('/members'),
    form: (t) => ({ intent: 'addByEmail', emails: `matrix-${t.n}@example.se` }),
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body.added).toEqual([expect.objectContaining({ email: `matrix-${t.n}@example.se`, result: 'INVITED' })])
    },
  },
  {
    name: 'GET /organizations/:id/members/import',
    kind: 'page',
    handler: membersImportPage.loader,
    path: orgPage('/members/import'),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ fileError: null, upload: null, preview: null, results: null })
    },
  },
  {
    name: 'POST /organizations/:id/members/import intent=apply',
    kind: 'page',
    handler: membersImportPage.action,
    path: orgPage('/members/import'),
    form: () => ({ intent: 'apply', upload: 'no-such-upload' }),
    admin: (res) => {
      expect(res.status).toBe(302)
      expect(res.location).toBe(`${orgPage('/members/import')()}?error=IMPORT_NOT_FOUND`)
    },
  },
  {
    name: 'GET /organizations/:id/members.csv',
    kind: 'page',
    handler: membersCsvPage.loader,
    path: orgPage('/members.csv'),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/)
      expect(res.body).toContain(fx.member.email)
    },
  },
  {
    name: 'GET /organizations/:id/audit',
    kind: 'page',
    handler: auditPage.loader,
    path: orgPage('/audit'),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(res.body.page.items.every((e: { _id: string }) => typeof e._id === 'string')).toBe(true)
    },
  },
  {
    name: 'GET /organizations/:id/audit.csv',
    kind: 'page',
    handler: auditCsvPage.loader,
    path: orgPage('/audit.csv'),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/)
    },
  },
  {
    name: 'GET /organizations/:id/groups',
    kind: 'page',
    handler: groupsPage.loader,
    path: () => `/organizations/${fx.orgA}/groups?q=Klass`,
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(res.body.page.items.map((g: { name: string }) => g.name)).toEqual(['Klass 1A'])
    },
  },
  {
    name: 'POST /organizations/:id/groups intent=deactivate',
    kind: 'page',
    handler: groupsPage.action,
    path: orgPage('/groups'),
    needs: ['group'],
    form: (t) => ({ intent: 'deactivate', ids: [t.group] }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/groups')())
      expect(Number((await groupRow(t.group))?.active)).toBe(0)
    },
  },
  {
    name: 'POST /organizations/:id/groups intent=delete (confirmed)',
    kind: 'page',
    handler: groupsPage.action,
    path: orgPage('/groups'),
    needs: ['group'],
    form: (t) => ({ intent: 'delete', ids: [t.group], confirmed: '1' }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/groups')())
      expect(await groupRow(t.group)).toBeUndefined()
    },
  },
  {
    name: 'POST /organizations/:id/groups intent=change-owners-form',
    kind: 'page',
    handler: groupsPage.action,
    path: orgPage('/groups'),
    needs: ['group'],
    form: (t) => ({ intent: 'change-owners-form', ids: [t.group] }),
    admin: (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ intent: 'change-owners-form', groups: [{ _id: t.group, owner: { _id: fx.adminA.id } }] })
    },
  },
  {
    name: 'POST /organizations/:id/groups intent=change-owners',
    kind: 'page',
    handler: groupsPage.action,
    path: orgPage('/groups'),
    needs: ['group', 'victim'],
    form: (t) => ({ intent: 'change-owners', newOwnerId: t.victim.id, oldOwnerRole: 'member', 'changes[0].groupId': t.group }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/groups')())
      expect((await groupRow(t.group))?.owner_id).toBe(t.victim.id)
    },
  },
  {
    name: 'GET /organizations/:id/group-creators',
    kind: 'page',
    handler: groupCreatorsPage.loader,
    path: orgPage('/group-creators'),
    needs: ['invitation'],
    admin: (res, t) => {
      expect(res.status).toBe(200)
      expect(ids(res.body.page.items)).toContain(fx.creatorA.id)
      expect(ids(res.body.invitations)).toContain(t.invitation)
    },
  },
  {
    name: 'POST /organizations/:id/group-creators intent=addCreators',
    kind: 'page',
    handler: groupCreatorsPage.action,
    path: orgPage('/group-creators'),
    needs: ['victim'],
    form: (t) => ({ intent: 'addCreators', emails: t.victim.email }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/group-creators')())
      expect(Number((await membership(fx.orgA, t.victim.id))?.is_group_creator)).toBe(1)
    },
  },
  {
    name: 'POST /organizations/:id/group-creators intent=removeCreators (confirmed)',
    kind: 'page',
    handler: groupCreatorsPage.action,
    path: orgPage('/group-creators'),
    needs: ['creator'],
    form: (t) => ({ intent: 'removeCreators', ids: [t.creator.id], confirmed: '1' }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/group-creators')())
      expect(Number((await membership(fx.orgA, t.creator.id))?.is_group_creator)).toBe(0)
    },
  },
  {
    name: 'POST /organizations/:id/group-creators intent=invite (open)',
    kind: 'page',
    handler: groupCreatorsPage.action,
    path: orgPage('/group-creators'),
    form: () => ({ intent: 'invite', type: 'open' }),
    admin: async (res) => {
      expect(res.status).toBe(302)
      expect(res.location).toBe(orgPage('/group-creators')())
      // The new code rides along in a cookie for the next page view, where its panel is the message (no toast).
      expect(res.headers.getSetCookie().some((c) => c.startsWith('new-invitation-code='))).toBe(true)
      expect(await toastOf(res)).toBeNull()
    },
  },
  {
    name: 'POST /organizations/:id/group-creators intent=resend',
    kind: 'page',
    handler: groupCreatorsPage.action,
    path: orgPage('/group-creators'),
    needs: ['invitation'],
    form: (t) => ({ intent: 'resend', ids: t.invitation }),
    admin: async (res) => {
      await redirectedWithSuccess(res, orgPage('/group-creators')())
    },
  },
  {
    name: 'POST /organizations/:id/group-creators intent=revoke (confirmed)',
    kind: 'page',
    handler: groupCreatorsPage.action,
    path: orgPage('/group-creators'),
    needs: ['invitation'],
    form: (t) => ({ intent: 'revoke', ids: t.invitation, confirmed: '1' }),
    admin: async (res, t) => {
      await redirectedWithSuccess(res, orgPage('/group-creators')())
      expect((await invitationRow(t.invitation)).revoked_at).not.toBeNull()
    },
  },
  {
    name: 'GET /invitation-code',
    kind: 'page',
    handler: invitationCodePage.loader,
    // Opening a link only asks (or, here, says why the code does not work): it joins nothing.
    path: () => `/invitation-code?code=${fx.foreignCode.toLowerCase()}`,
    signedIn: {
      changesNothing: true,
      check: (_actor, res) => {
        expect(res.status).toBe(403)
        expect(res.body).toEqual({ code: fx.foreignCode, confirm: null, error: { code: 'WRONG_EMAIL' }, pendingFailed: false, waiting: 0 })
      },
    },
  },
  {
    name: 'POST /invitation-code (someone else’s email invitation)',
    kind: 'page',
    handler: invitationCodePage.action,
    path: () => '/invitation-code',
    form: () => ({ code: fx.foreignCode }),
    signedIn: {
      changesNothing: true,
      check: (_actor, res) => {
        expect(res.status).toBe(403)
        expect(res.body.error).toEqual({ code: 'WRONG_EMAIL' })
      },
    },
  },
  {
    name: 'GET /invitations',
    kind: 'page',
    handler: invitationsInboxPage.loader,
    path: () => '/invitations',
    // The inbox holds only what is addressed to the actor: none of A's or B's invitations to others.
    signedIn: {
      changesNothing: true,
      check: (_actor, res) => {
        expect(res.status).toBe(200)
        expect(res.body.inbox).toEqual({ groups: [], packages: [], organizations: [] })
      },
    },
  },
  ...(
    [
      ['accept', 'someone else’s invitation to A', () => fx.foreignInvitation],
      ['decline', 'an invitation of B to someone else', () => fx.invitationB],
      ['accept', 'a forged id', () => 'forged-invitation-id'],
    ] as const
  ).map(([intent, what, id]): Case => ({
    name: `POST /invitations intent=${intent} (${what})`,
    kind: 'page',
    handler: invitationsInboxPage.action,
    path: () => '/invitations',
    form: () => ({ intent, kind: 'organizations', id: id() }),
    signedIn: {
      changesNothing: true,
      check: async (_actor, res) => {
        expect(res.status).toBe(302)
        expect(res.location).toBe('/invitations')
        expect(await toastOf(res)).toMatchObject({ key: 'errors.INVITATION_NOT_FOUND', type: 'error' })
      },
    },
  })),

  // ----- JSON API -----
  {
    name: 'GET /api/v3/organizations',
    kind: 'api',
    handler: organizationsApi.loader,
    path: () => '/api/v3/organizations',
    signedIn: {
      changesNothing: true,
      check: (actor, res) => {
        expect(res.status).toBe(200)
        expect(res.body.map((o: { _id: string; access: string }) => ({ _id: o._id, access: o.access }))).toEqual(expectedList(actor))
        // Nothing of A (its id, its admin, its contact) for someone who neither administers A nor creates groups in it.
        if (actor === 'member of A' || actor === 'admin of B') {
          const text = JSON.stringify(res.body)
          for (const secret of [fx.orgA, fx.adminA.id, fx.adminA.email, 'rektor@a.example.se']) expect(text).not.toContain(secret)
        }
      },
    },
  },
  {
    name: 'GET /api/v1/organizations/:id/groups',
    kind: 'api',
    handler: groupsApi.loader,
    path: apiV1('groups'),
    needs: ['group'],
    admin: (res, t) => {
      expect(res.status).toBe(200)
      expect(ids(res.body)).toContain(t.group)
      expect(ids(res.body)).not.toContain(fx.groupB)
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/groups/statistics',
    kind: 'api',
    handler: statisticsApi.action,
    method: 'POST',
    path: apiV1('groups/statistics'),
    needs: ['group'],
    json: (t) => [t.group],
    admin: (res, t) => {
      expect(res.status).toBe(200)
      expect(Object.keys(res.body)).toEqual([t.group])
    },
  },
  {
    name: 'PUT /api/v1/organizations/:id/groups/set-active',
    kind: 'api',
    handler: setActiveApi.action,
    method: 'PUT',
    path: apiV1('groups/set-active'),
    needs: ['group'],
    json: (t) => ({ groupIds: [t.group], active: false }),
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ _id: t.group, result: 'SUCCESS' }])
      expect(Number((await groupRow(t.group))?.active)).toBe(0)
    },
  },
  {
    name: 'PUT /api/v1/organizations/:id/groups/change-owners',
    kind: 'api',
    handler: changeOwnersApi.action,
    method: 'PUT',
    path: apiV1('groups/change-owners'),
    needs: ['group', 'victim'],
    json: (t) => ({ changeList: [{ groupId: t.group, newOwnerId: t.victim.id, oldOwnerRole: 'REMOVE' }] }),
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([expect.objectContaining({ _id: t.group, result: 'SUCCESS' })])
      expect((await groupRow(t.group))?.owner_id).toBe(t.victim.id)
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/delete-groups',
    kind: 'api',
    handler: deleteGroupsApi.action,
    method: 'POST',
    path: apiV1('delete-groups'),
    needs: ['group'],
    json: (t) => [t.group],
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ _id: t.group, result: 'SUCCESS' }])
      expect(await groupRow(t.group)).toBeUndefined()
    },
  },
  ...(['create-group-with-members', 'create-attendance-group-with-members'] as const).map((route): Case => ({
    name: `POST /api/v1/organizations/:id/${route}`,
    kind: 'api',
    handler: createGroupApi.action,
    method: 'POST',
    path: apiV1(route),
    needs: ['victim'],
    json: (t) => ({
      name: `Made ${t.n}`,
      organizationId: fx.orgA,
      groupOwnerId: fx.adminA.id,
      memberIdsWithRoles: { [t.victim.id]: 'member' },
    }),
    admin: async (res, t) => {
      expect(res.status).toBe(201)
      expect(res.body.membersResults).toEqual([{ _id: t.victim.id, result: 'SUCCESS' }])
      const made = await groupRow(res.body.group._id)
      expect(made).toMatchObject({ organization_id: fx.orgA, kind: route === 'create-group-with-members' ? 'standard' : 'attendance' })
    },
    // Group creators create groups too (spec section 6, "Roles and permissions"; attendance ones with that permission, which the factory gives).
    creator: async (res) => {
      expect(res.status).toBe(201)
      expect(await groupRow(res.body.group._id)).toMatchObject({ organization_id: fx.orgA })
    },
  })),
  {
    name: 'GET /api/v1/organizations/:id/members',
    kind: 'api',
    handler: membersApi.loader,
    path: apiV1('members'),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(ids(res.body)).toEqual(expect.arrayContaining([fx.adminA.id, fx.member.id, fx.creatorA.id]))
      expect(ids(res.body)).not.toContain(fx.memberB.id)
    },
  },
  {
    name: 'GET /api/v1/organizations/:id/scim-tokens',
    kind: 'api',
    handler: scimTokensApi.loader,
    path: apiV1('scim-tokens'),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(Array.isArray(res.body)).toBe(true)
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/scim-tokens',
    kind: 'api',
    handler: scimTokensApi.action,
    method: 'POST',
    path: apiV1('scim-tokens'),
    json: () => ({ name: 'Matrix' }),
    admin: (res) => {
      expect(res.status).toBe(201)
      expect(res.body.token).toMatch(/^scim_/)
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/remove-members',
    kind: 'api',
    handler: removeMembersApi.action,
    method: 'POST',
    path: apiV1('remove-members'),
    needs: ['victim'],
    json: (t) => ({ members: [t.victim.id] }),
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ _id: t.victim.id, result: 'SUCCESS' }])
      expect(await membership(fx.orgA, t.victim.id)).toBeUndefined()
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/end-member-sessions',
    kind: 'api',
    handler: endMemberSessionsApi.action,
    method: 'POST',
    path: apiV1('end-member-sessions'),
    needs: ['victim'],
    json: (t) => ({ members: [t.victim.id] }),
    admin: (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ _id: t.victim.id, result: 'SUCCESS', sessions: 0 }])
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/add-group-creators',
    kind: 'api',
    handler: groupCreatorsApi.action,
    method: 'POST',
    path: apiV1('add-group-creators'),
    needs: ['victim'],
    json: (t) => ({ members: [t.victim.id] }),
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ _id: t.victim.id, result: 'SUCCESS' }])
      expect(Number((await membership(fx.orgA, t.victim.id))?.is_group_creator)).toBe(1)
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/remove-group-creators',
    kind: 'api',
    handler: groupCreatorsApi.action,
    method: 'POST',
    path: apiV1('remove-group-creators'),
    needs: ['creator'],
    json: (t) => ({ members: [t.creator.id] }),
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ _id: t.creator.id, result: 'SUCCESS' }])
      expect(Number((await membership(fx.orgA, t.creator.id))?.is_group_creator)).toBe(0)
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/add-admins',
    kind: 'api',
    handler: adminsApi.action,
    method: 'POST',
    path: apiV1('add-admins'),
    needs: ['victim'],
    json: (t) => ({ members: [t.victim.id] }),
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ _id: t.victim.id, result: 'SUCCESS' }])
      expect((await membership(fx.orgA, t.victim.id))?.role).toBe('admin')
    },
  },
  {
    name: 'POST /api/v1/organizations/:id/remove-admins',
    kind: 'api',
    handler: adminsApi.action,
    method: 'POST',
    path: apiV1('remove-admins'),
    needs: ['victim'],
    json: (t) => ({ members: [t.victim.id] }),
    admin: (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ _id: t.victim.id, result: 'NOT_ORGANIZATION_ADMIN' }])
    },
  },
  {
    name: 'PUT /api/v1/organizations/:id/active',
    kind: 'api',
    handler: activeApi.action,
    method: 'PUT',
    path: apiV1('active'),
    json: () => ({ active: false }),
    admin: async (res) => {
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ _id: fx.orgA, active: false })
      await db().updateTable('organizations').set({ active: 1 }).where('id', '=', fx.orgA).execute()
    },
  },
  {
    name: 'PUT /api/v1/organizations/:id/contact',
    kind: 'api',
    handler: contactApi.action,
    method: 'PUT',
    path: apiV1('contact'),
    json: () => ({ contact: { name: 'Intruder', email: 'intruder@example.se' } }),
    admin: (res) => {
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ _id: fx.orgA, contact: { name: 'Intruder', email: 'intruder@example.se' } })
    },
  },
  {
    name: 'PUT /api/v1/organizations/:id/name',
    kind: 'api',
    handler: nameApi.action,
    method: 'PUT',
    path: apiV1('name'),
    json: (t) => ({ name: `Renamed ${t.n}` }),
    admin: (res, t) => {
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ _id: fx.orgA, name: `Renamed ${t.n}` })
    },
  },
  {
    name: 'GET /api/v2/organizations/:id/invitations',
    kind: 'api',
    handler: organizationInvitationsApi.loader,
    path: () => `/api/v2/organizations/${fx.orgA}/invitations`,
    needs: ['invitation'],
    admin: (res, t) => {
      expect(res.status).toBe(200)
      expect(ids(res.body)).toContain(t.invitation)
      expect(ids(res.body)).not.toContain(fx.invitationB)
    },
  },
  {
    name: 'POST /api/v2/organizations/:id/invitations',
    kind: 'api',
    handler: organizationInvitationsApi.action,
    method: 'POST',
    path: () => `/api/v2/organizations/${fx.orgA}/invitations`,
    json: () => ({ type: 'open', groupCreator: true }),
    admin: async (res) => {
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ type: 'open', status: 'pending', code: expect.stringMatching(/^[A-Z0-9]{6}$/) })
      expect((await invitationRow(res.body._id)).organization_id).toBe(fx.orgA)
    },
  },
  {
    name: 'DELETE /api/v1/invitations/:id',
    kind: 'api',
    handler: invitationApi.action,
    method: 'DELETE',
    path: (t) => `/api/v1/invitations/${t.invitation}`,
    params: (t) => ({ invitationId: t.invitation }),
    needs: ['invitation'],
    notFound: 'INVITATION_NOT_FOUND',
    admin: async (res, t) => {
      expect(res.status).toBe(200)
      expect((await invitationRow(t.invitation)).revoked_at).not.toBeNull()
    },
  },
  {
    name: 'PUT /api/v1/invitations/use-code (someone else’s email invitation)',
    kind: 'api',
    handler: useCodeApi.action,
    method: 'PUT',
    path: () => '/api/v1/invitations/use-code',
    json: () => ({ invitationCode: fx.foreignCode }),
    signedIn: {
      changesNothing: true,
      check: (_actor, res) => {
        expect(res.status).toBe(403)
        expect(res.body).toEqual({ message: 'WRONG_EMAIL' })
      },
    },
  },
  {
    name: 'PUT /api/v1/invitations/use-code (revoked invitation)',
    kind: 'api',
    handler: useCodeApi.action,
    method: 'PUT',
    path: () => '/api/v1/invitations/use-code',
    json: () => ({ invitationCode: fx.revokedCode }),
    signedIn: {
      changesNothing: true,
      check: (_actor, res) => {
        expect(res.status).toBe(404)
        expect(res.body).toEqual({ message: 'INVITATION_NOT_FOUND' })
      },
    },
  },
]

describe.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  it.each(ACTORS)('as %s', async (actor) => {
    const t = await prepare(c.needs)
    const path = c.path(t)
    const before = await snapshot()
    const res = await call(c.handler, path, {
      method: c.method,
      json: c.json?.(t),
      form: c.form?.(t),
      cookie: fx.cookies[actor],
      params: c.params?.(t) ?? { organizationId: fx.orgA },
    })

    if (actor === 'anonymous') {
      if (c.kind === 'page') {
        expect(res.status).toBe(302)
        expect(res.location).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`)
      } else {
        expect(res.status).toBe(401)
        expect(res.body).toEqual({ message: 'SESSION_NOT_FOUND' })
      }
    } else if (c.signedIn) {
      await c.signedIn.check(actor, res, t)
    } else if (actor === 'admin of A') {
      await c.admin!(res, t)
      return
    } else if (actor === 'group creator of A' && c.creator) {
      await c.creator(res, t)
      return
    } else {
      // Soft, so that the database is compared even when the status is wrong.
      expect.soft(res.status).toBe(404)
      if (c.kind === 'api') expect.soft(res.body).toEqual({ message: c.notFound ?? 'ORGANIZATION_NOT_FOUND' })
    }
    if (actor === 'anonymous' || !c.signedIn || c.signedIn.changesNothing) expect(await snapshot()).toEqual(before)
  })
})

// ---------- A's pages are A's: another organization's admin cannot use them even for B's own items ----------

describe('admin of B on the pages of A, naming B’s own items', () => {
  it('answers 404 and changes nothing of B', async () => {
    const { invitation } = await createInvitation(ctxFor(fx.adminB), fx.orgB, {
      type: 'email',
      email: uniqueEmail('b-guest'),
      groupCreator: true,
    })
    const beforeB = await snapshot([fx.orgB])
    const cookie = fx.cookies['admin of B']
    const params = { organizationId: fx.orgA }
    const attempts: [Handler, string, Record<string, string | string[]>][] = [
      [membersPage.action, orgPage('/members')(), { intent: 'remove', ids: [fx.memberB.id], confirmed: '1' }],
      [membersPage.action, orgPage('/members')(), { intent: 'addGroupCreators', ids: [fx.memberB.id] }],
      [membersPage.action, orgPage('/members')(), { intent: 'addAdmins', ids: [fx.memberB.id], confirmed: '1' }],
      [membersPage.action, orgPage('/members')(), { intent: 'removeAdmins', ids: [fx.adminB.id], confirmed: '1' }],
      [membersPage.action, orgPage('/members')(), { intent: 'endSessions', ids: [fx.memberB.id], confirmed: '1' }],
      [groupsPage.action, orgPage('/groups')(), { intent: 'deactivate', ids: [fx.groupB] }],
      [groupsPage.action, orgPage('/groups')(), { intent: 'delete', ids: [fx.groupB], confirmed: '1' }],
      [groupCreatorsPage.action, orgPage('/group-creators')(), { intent: 'removeCreators', ids: [fx.creatorB.id], confirmed: '1' }],
      [groupCreatorsPage.action, orgPage('/group-creators')(), { intent: 'resend', ids: invitation._id }],
      [groupCreatorsPage.action, orgPage('/group-creators')(), { intent: 'revoke', ids: invitation._id, confirmed: '1' }],
    ]
    const answers = []
    for (const [handler, path, form] of attempts) {
      const res = await call(handler, path, { method: 'POST', form, cookie, params })
      answers.push(`${form.intent}: ${res.status}`)
    }
    expect.soft(answers).toEqual(attempts.map(([, , form]) => `${form.intent}: 404`))
    expect.soft(await snapshot([fx.orgB])).toEqual(beforeB)
  })
})

// ---------- bulk items of another organization ----------

describe('bulk items of another organization (admin of A acting on A with B’s ids)', () => {
  const asAdminA = (fn: Handler, path: string, init: { method: string; json?: unknown; form?: Record<string, string | string[]> }) =>
    call(fn, path, { ...init, cookie: fx.cookies['admin of A'], params: { organizationId: fx.orgA } })

  it('API: each of B’s members and groups fails as not found, A’s items go through, B is unchanged', async () => {
    const t = await prepare(['victim', 'creator', 'group'])
    const other = await prepare(['group'])
    const beforeB = await snapshot([fx.orgB])

    const removed = await asAdminA(removeMembersApi.action, apiV1('remove-members')(), {
      method: 'POST',
      json: { members: [t.victim.id, fx.memberB.id, fx.adminB.id] },
    })
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual([
      { _id: t.victim.id, result: 'SUCCESS' },
      { _id: fx.memberB.id, result: 'MEMBER_NOT_FOUND' },
      { _id: fx.adminB.id, result: 'MEMBER_NOT_FOUND' },
    ])

    const added = await asAdminA(groupCreatorsApi.action, apiV1('add-group-creators')(), {
      method: 'POST',
      json: { members: [fx.memberB.id] },
    })
    expect(added.body).toEqual([{ _id: fx.memberB.id, result: 'MEMBER_NOT_FOUND' }])
    const admins = await asAdminA(adminsApi.action, apiV1('add-admins')(), { method: 'POST', json: { members: [fx.memberB.id] } })
    expect(admins.body).toEqual([{ _id: fx.memberB.id, result: 'MEMBER_NOT_FOUND' }])
    const demoted = await asAdminA(adminsApi.action, apiV1('remove-admins')(), { method: 'POST', json: { members: [fx.adminB.id] } })
    expect(demoted.body).toEqual([{ _id: fx.adminB.id, result: 'MEMBER_NOT_FOUND' }])
    expect((await membership(fx.orgB, fx.adminB.id))?.role).toBe('admin')
    const taken = await asAdminA(groupCreatorsApi.action, apiV1('remove-group-creators')(), {
      method: 'POST',
      json: { members: [t.creator.id, fx.creatorB.id] },
    })
    expect(taken.body).toEqual([
      { _id: t.creator.id, result: 'SUCCESS' },
      { _id: fx.creatorB.id, result: 'MEMBER_NOT_FOUND' },
    ])

    const stats = await asAdminA(statisticsApi.action, apiV1('groups/statistics')(), {
      method: 'POST',
      json: { groupIds: [t.group, fx.groupB] },
    })
    expect(Object.keys(stats.body)).toEqual([t.group])

    const toggled = await asAdminA(setActiveApi.action, apiV1('groups/set-active')(), {
      method: 'PUT',
      json: { groupIds: [fx.groupB, t.group], active: false },
    })
    expect(toggled.body).toEqual([
      { _id: fx.groupB, result: 'GROUP_NOT_FOUND' },
      { _id: t.group, result: 'SUCCESS' },
    ])

    const owners = await asAdminA(changeOwnersApi.action, apiV1('groups/change-owners')(), {
      method: 'PUT',
      json: {
        changeList: [
          { groupId: fx.groupB, newOwnerId: fx.adminA.id, oldOwnerRole: 'REMOVE' },
          // A group of A cannot get an owner from B either.
          { groupId: other.group, newOwnerId: fx.memberB.id, oldOwnerRole: 'member' },
        ],
      },
    })
    expect(owners.status).toBe(200)
    expect(owners.body.map((r: { _id: string; result: string }) => [r._id, r.result])).toEqual([
      [fx.groupB, 'GROUP_NOT_FOUND'],
      [other.group, 'MEMBER_NOT_FOUND'],
    ])
    expect((await groupRow(other.group))?.owner_id).toBe(fx.adminA.id)

    const created = await asAdminA(createGroupApi.action, apiV1('create-group-with-members')(), {
      method: 'POST',
      json: {
        name: 'Mixed',
        organizationId: fx.orgA,
        groupOwnerId: fx.adminA.id,
        memberIdsWithRoles: { [fx.memberB.id]: 'member', [fx.member.id]: 'leader' },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.membersResults).toEqual(
      expect.arrayContaining([
        { _id: fx.memberB.id, result: 'MEMBER_NOT_FOUND' },
        { _id: fx.member.id, result: 'SUCCESS' },
      ]),
    )

    const deleted = await asAdminA(deleteGroupsApi.action, apiV1('delete-groups')(), { method: 'POST', json: [t.group, fx.groupB] })
    expect(deleted.body).toEqual([
      { _id: t.group, result: 'SUCCESS' },
      { _id: fx.groupB, result: 'GROUP_NOT_FOUND' },
    ])
    expect(await groupRow(t.group)).toBeUndefined()

    // B's invitation cannot be revoked by A's admin.
    const revoke = await call(invitationApi.action, `/api/v1/invitations/${fx.invitationB}`, {
      method: 'DELETE',
      cookie: fx.cookies['admin of A'],
      params: { invitationId: fx.invitationB },
    })
    expect(revoke.status).toBe(404)
    expect(revoke.body).toEqual({ message: 'INVITATION_NOT_FOUND' })

    expect(await snapshot([fx.orgB])).toEqual(beforeB)
  })

  it('pages: the bulk forms of A fail B’s items as not found and leave B unchanged', async () => {
    const beforeB = await snapshot([fx.orgB])

    const removed = await asAdminA(membersPage.action, orgPage('/members')(), {
      method: 'POST',
      form: { intent: 'remove', ids: [fx.memberB.id], confirmed: '1' },
    })
    expect(removed.status).toBe(302)
    // Not named: another organization's member has no name here.
    expect(await toastOf(removed)).toMatchObject({
      type: 'error',
      values: { succeeded: '0', total: '1' },
      items: { failed: { MEMBER_NOT_FOUND: [''] } },
    })

    const creators = await asAdminA(membersPage.action, orgPage('/members')(), {
      method: 'POST',
      form: { intent: 'addGroupCreators', ids: [fx.memberB.id] },
    })
    expect(await toastOf(creators)).toMatchObject({ type: 'error', items: { failed: { MEMBER_NOT_FOUND: [''] } } })

    for (const intent of ['deactivate', 'delete']) {
      const res = await asAdminA(groupsPage.action, orgPage('/groups')(), {
        method: 'POST',
        form: { intent, ids: [fx.groupB], confirmed: '1' },
      })
      expect(res.status).toBe(302)
      expect(await toastOf(res)).toMatchObject({
        type: 'error',
        values: { succeeded: '0', total: '1' },
        items: { failed: { GROUP_NOT_FOUND: [''] } },
      })
    }

    const ownersForm = await asAdminA(groupsPage.action, orgPage('/groups')(), {
      method: 'POST',
      form: { intent: 'change-owners-form', ids: [fx.groupB] },
    })
    expect(ownersForm.status).toBe(404)
    expect(ownersForm.body).toEqual({ intent: 'bulk', error: 'errors.GROUP_NOT_FOUND' })

    const owners = await asAdminA(groupsPage.action, orgPage('/groups')(), {
      method: 'POST',
      form: { intent: 'change-owners', newOwnerId: fx.adminA.id, oldOwnerRole: 'REMOVE', 'changes[0].groupId': fx.groupB },
    })
    expect(await toastOf(owners)).toMatchObject({ type: 'error', items: { failed: { GROUP_NOT_FOUND: [''] } } })

    const removeCreators = await asAdminA(groupCreatorsPage.action, orgPage('/group-creators')(), {
      method: 'POST',
      form: { intent: 'removeCreators', ids: [fx.creatorB.id], confirmed: '1' },
    })
    expect(await toastOf(removeCreators)).toMatchObject({ type: 'error', items: { failed: { MEMBER_NOT_FOUND: [''] } } })

    const addCreators = await asAdminA(groupCreatorsPage.action, orgPage('/group-creators')(), {
      method: 'POST',
      form: { intent: 'addCreators', emails: fx.memberB.email },
    })
    // Named by the address the admin typed, nothing more.
    expect(await toastOf(addCreators)).toMatchObject({ type: 'error', items: { failed: { MEMBER_NOT_FOUND: [fx.memberB.email] } } })

    for (const intent of ['resend', 'revoke']) {
      const res = await asAdminA(groupCreatorsPage.action, orgPage('/group-creators')(), {
        method: 'POST',
        form: { intent, ids: fx.invitationB, confirmed: '1' },
      })
      expect(await toastOf(res)).toMatchObject({ type: 'error', values: { code: 'INVITATION_NOT_FOUND' } })
    }

    expect(await snapshot([fx.orgB])).toEqual(beforeB)
  })
})

describe('a group of B (docs/groups.md: /groups, a group home, /api/v3/groups)', () => {
  const groupPath = () => `/groups/${fx.groupB}/home`
  const HOME_FORMS: Record<string, string>[] = [
    { intent: 'invite', type: 'open' },
    { intent: 'change-role', userId: 'x', role: 'leader' },
    { intent: 'remove', userId: 'x', confirmed: '1' },
    { intent: 'rename', name: 'Taken' },
    { intent: 'set-active', active: '0' },
    { intent: 'hand-over', userId: 'x', confirmed: '1' },
    { intent: 'leave', confirmed: '1' },
  ]

  it('is not found for every actor of A, its forms change nothing, and it is in nobody’s list of A', async () => {
    const before = await snapshot()
    for (const actor of ['member of A', 'group creator of A', 'admin of A'] as const) {
      const cookie = fx.cookies[actor]
      expect((await call(groupHomePage.loader, groupPath(), { cookie, params: { groupId: fx.groupB } })).status, actor).toBe(404)
      for (const form of HOME_FORMS) {
        const res = await call(groupHomePage.action, groupPath(), {
          method: 'POST',
          form: { ...form, userId: fx.memberB.id },
          cookie,
          params: { groupId: fx.groupB },
        })
        expect(res.status, `${actor} ${form.intent}`).toBe(404)
      }
      const list = await call(myGroupsPage.loader, '/groups', { cookie })
      expect(
        list.body.page.items.map((g: { _id: string }) => g._id),
        actor,
      ).not.toContain(fx.groupB)
      const api = await call(myGroupsApi.loader, '/api/v3/groups', { cookie })
      expect(
        api.body.map((g: { _id: string }) => g._id),
        actor,
      ).not.toContain(fx.groupB)
    }
    const anonymous = await call(groupHomePage.loader, groupPath(), { params: { groupId: fx.groupB } })
    expect(anonymous.location).toMatch(/^\/signin\?redirectTo=/)
    expect((await call(myGroupsApi.loader, '/api/v3/groups')).status).toBe(401)
    expect(await snapshot()).toEqual(before)
  })

  it('admins of B view it read-only: their role, not their admin rights, decides the forms', async () => {
    const before = await snapshot()
    const cookie = fx.cookies['admin of B']
    const home = await call(groupHomePage.loader, groupPath(), { cookie, params: { groupId: fx.groupB } })
    expect(home.status).toBe(200)
    expect(home.body.home.rights).toEqual({ manageMembers: false, manageGroup: false })
    for (const form of HOME_FORMS.filter((f) => f.intent !== 'invite' && f.intent !== 'leave')) {
      const res = await call(groupHomePage.action, groupPath(), {
        method: 'POST',
        form: { ...form, userId: fx.creatorB.id },
        cookie,
        params: { groupId: fx.groupB },
      })
      expect(res.status, form.intent).toBe(302)
      expect(await toastOf(res), form.intent).toMatchObject({ type: 'error', key: 'errors.FORBIDDEN' })
    }
    // Not a member: nothing to leave.
    const leave = await call(groupHomePage.action, groupPath(), {
      method: 'POST',
      form: { intent: 'leave', confirmed: '1' },
      cookie,
      params: { groupId: fx.groupB },
    })
    expect(await toastOf(leave)).toMatchObject({ type: 'error', key: 'groupHome.errors.MEMBER_NOT_FOUND' })
    expect(await snapshot()).toEqual(before)
  })
})

// ---------- every route of app/routes.ts has a row ----------

/**
 * Who may call a route outside the organization administration (CASES above), per method:
 * - 'page': signed-in users; signed out, it redirects to /signin?redirectTo=<path>.
 * - 'api': signed-in users; signed out, it answers 401 SESSION_NOT_FOUND.
 * - 'bearer': a directory's SCIM token; without one, 401 (docs/directory-sync.md).
 * - 'public': anyone; signed out, it answers without sending anyone to sign in or refusing them.
 * - 'hidden': 404 for a made-up id, a provider that is not configured, or a development screen.
 * - 'none': the route does not take this method (405 METHOD_NOT_ALLOWED).
 * What each signed-in user may do there is tested beside the route.
 */
type Access = 'page' | 'api' | 'bearer' | 'public' | 'hidden' | 'none'
interface RouteRow {
  /** The route's id in app/routes.ts (its file when it has no id of its own). */
  id: string
  /** GET; absent when the module has no loader. */
  loader?: Access
  /** POST (or `method`); absent when the module has no action. */
  action?: Access
  method?: string
  headers?: Record<string, string>
}

const ROUTES: RouteRow[] = [
  { id: 'routes/auth/signin.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/two-step.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/signup.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/forgot-password.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/verify-resend', loader: 'public', action: 'public' },
  { id: 'routes/auth/new-password.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/verify.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/signout.tsx', loader: 'public', action: 'public' },
  { id: 'routes/users/verify-email-change.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/confirm-identity/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/auth/sso/sei.tsx', loader: 'public' },
  { id: 'routes/auth/sso/linkoping', loader: 'public' },
  { id: 'routes/auth/signup-confirm/route.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/sso/confirm-link.tsx', loader: 'public', action: 'public' },
  { id: 'routes/auth/sso/invitation.tsx', loader: 'public' },
  { id: 'routes/auth/passkey-options.ts', loader: 'none', action: 'public' },
  { id: 'routes/users/preferences/security/passkey-options.ts', loader: 'none', action: 'page' },
  { id: 'routes/auth/sso/start.ts', loader: 'hidden' },
  { id: 'routes/auth/sso/callback.ts', loader: 'hidden', action: 'public' },
  { id: 'routes/internal/sei-client-id.ts', loader: 'hidden', action: 'none' },
  { id: 'routes/internal/add-secret.ts', loader: 'none', action: 'hidden' },
  { id: 'routes/redirects/forgot-password.ts', loader: 'public', action: 'none' },
  { id: 'routes/locale.ts', loader: 'none', action: 'public' },
  { id: 'routes/session-keepalive.ts', loader: 'none', action: 'api' },
  { id: 'routes/healthz.ts', loader: 'public', action: 'none' },
  { id: 'routes/users/picture.ts', loader: 'hidden', action: 'hidden' },
  { id: 'routes/users/my-data-json.ts', loader: 'page', action: 'none' },
  { id: 'routes/dev/hello-world.tsx', loader: 'public' },
  { id: 'routes/library/redirects/signin.ts', loader: 'public', action: 'none' },
  { id: 'library/users', loader: 'public', action: 'none' },
  { id: 'library/users-invitations', loader: 'public', action: 'none' },
  { id: 'routes/feed/route.tsx', loader: 'public' },
  { id: 'routes/support.tsx' },
  { id: 'routes/organizations/section.tsx', loader: 'public' },
  { id: 'routes/users/layout.tsx', loader: 'page' },
  { id: 'routes/users/profile/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/users/preferences/layout.tsx', loader: 'page' },
  { id: 'routes/users/preferences/index.ts', loader: 'public' },
  { id: 'routes/users/preferences/account/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/users/preferences/security/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/users/preferences/notifications/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/users/preferences/data/route.tsx', loader: 'page', action: 'page' },
  { id: 'beta-users', loader: 'page' },
  { id: 'beta-users/index', loader: 'page', action: 'page' },
  { id: 'beta-users/home', loader: 'page', action: 'page' },
  { id: 'beta-users/preferences', loader: 'page', action: 'page' },
  { id: 'routes/groups/section.tsx', loader: 'public' },
  { id: 'routes/groups/list/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/group/layout.tsx', loader: 'page' },
  { id: 'routes/groups/group/index.tsx', loader: 'page' },
  { id: 'routes/groups/home/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/feedback/comments.ts', loader: 'none', action: 'page' },
  { id: 'routes/groups/feedback/approval.ts', loader: 'none', action: 'page' },
  { id: 'routes/groups/tasks/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/tasks/new.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/tasks/task/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/tags/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/insight/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/loops/list.tsx', loader: 'page' },
  { id: 'routes/groups/loops/new.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/loops/export.ts', loader: 'page', action: 'none' },
  { id: 'routes/groups/loops/detail.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/loops/edit.tsx', loader: 'page', action: 'page' },
  { id: 'routes/groups/loops/photo.ts', loader: 'hidden' },
  { id: 'routes/groups/loops/my-loops.tsx', loader: 'page' },
  { id: 'routes/create/section.tsx', loader: 'public' },
  { id: 'routes/create/attendance-group.tsx', loader: 'page', action: 'page' },
  { id: 'routes/platform/layout.tsx', loader: 'page' },
  { id: 'routes/platform/index.ts', loader: 'public' },
  { id: 'routes/platform/mail.tsx', loader: 'page', action: 'page' },
  { id: 'routes/platform/telemetry.tsx', loader: 'page' },
  { id: 'routes/platform/organizations/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/platform/organizations/detail.tsx', loader: 'page', action: 'page' },
  { id: 'routes/platform/accounts.tsx', loader: 'page', action: 'page' },
  { id: 'routes/library/section.tsx', loader: 'public' },
  { id: 'routes/library/feed/route.tsx', loader: 'page' },
  { id: 'routes/library/package-view/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/library/accept-share-link.tsx', loader: 'page', action: 'page' },
  { id: 'routes/library/redirects/new-package.ts', loader: 'public', action: 'none' },
  { id: 'library/new', loader: 'page', action: 'page' },
  { id: 'routes/library/redirects/edit-package.ts', loader: 'public', action: 'none' },
  { id: 'library/edit', loader: 'page', action: 'page' },
  { id: 'routes/library/create-group/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/library/invitations/route.tsx', loader: 'page', action: 'page' },
  { id: 'routes/dev/mailbox.tsx', loader: 'hidden' },
  { id: 'routes/dev/signed-in.tsx', loader: 'page' },
  { id: 'routes/auth/sso/identities/unlink.tsx', loader: 'page', action: 'page' },
  { id: 'routes/not-found.tsx', loader: 'hidden' },
  { id: 'scim/service-provider-config', loader: 'bearer', action: 'bearer' },
  { id: 'scim/resource-types', loader: 'bearer', action: 'bearer' },
  { id: 'scim/schemas', loader: 'bearer', action: 'bearer' },
  { id: 'routes/scim/users.ts', loader: 'bearer', action: 'bearer' },
  { id: 'routes/scim/user.ts', loader: 'bearer', action: 'bearer' },
  { id: 'routes/scim/groups.ts', loader: 'bearer', action: 'bearer' },
  { id: 'routes/scim/group.ts', loader: 'bearer', action: 'bearer' },
  { id: 'routes/scim/not-found.ts', loader: 'bearer', action: 'bearer' },
  { id: 'routes/api/signin.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/signin-second-factor.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/users.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/signout.ts', loader: 'none', action: 'api' },
  { id: 'routes/api/password-reset.forgot-password.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/password-reset.verify-token.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/password-reset.new-password.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/verify-email.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/verify-email.resend.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/users.me.ts', loader: 'api', action: 'none' },
  { id: 'routes/api/users/name.ts', loader: 'none', method: 'PUT', action: 'api' },
  { id: 'routes/api/users/email.ts', loader: 'none', action: 'api' },
  { id: 'routes/api/users/preferences.ts', loader: 'none', method: 'PUT', action: 'api' },
  { id: 'routes/api/users/notifications.ts', loader: 'none', method: 'PUT', action: 'api' },
  { id: 'routes/api/groups/mine.ts', loader: 'api', action: 'none' },
  { id: 'routes/api/groups/leave.ts', loader: 'none', action: 'api' },
  { id: 'routes/api/feedback/comments.ts', loader: 'none', action: 'api' },
  { id: 'routes/api/feedback/approval.ts', loader: 'none', action: 'api' },
  { id: 'routes/api/feedback/follows.ts', loader: 'none', action: 'api', method: 'PUT' },
  { id: 'routes/api/groups/tasks.ts', loader: 'api', action: 'api' },
  { id: 'routes/api/groups/task.ts', loader: 'none', action: 'api', method: 'PATCH' },
  { id: 'routes/api/groups/tags.ts', loader: 'api', action: 'api' },
  { id: 'routes/api/groups/insight.ts', loader: 'api', action: 'none' },
  { id: 'routes/api/groups/tag.ts', loader: 'none', action: 'api', method: 'PATCH' },
  { id: 'routes/api/groups/retention.ts', loader: 'api', action: 'api', method: 'PUT' },
  { id: 'routes/api/loops/loops.ts', loader: 'api', action: 'api' },
  { id: 'routes/api/loops/loop.ts', loader: 'api', action: 'api', method: 'DELETE' },
  { id: 'routes/api/loops/photos.ts', loader: 'none', action: 'api' },
  { id: 'routes/api/loops/mine.ts', loader: 'api', action: 'none' },
  { id: 'routes/api/loops/export.ts', loader: 'api', action: 'none' },
  { id: 'routes/api/organizations/scim-token.ts', loader: 'none', method: 'DELETE', action: 'api' },
  { id: 'routes/api/invitations/mine.ts', loader: 'api', action: 'none' },
  { id: 'routes/api/invitations/mine-answer.ts', loader: 'none', action: 'api' },
  { id: 'routes/api/feeds/notification-counts.ts', loader: 'api', action: 'none' },
  { id: 'routes/api/studies/invitations-count.ts', loader: 'api', action: 'none', headers: { 'X-Requested-With': 'XMLHttpRequest' } },
  { id: 'routes/api/app-report/check-version.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/telemetry.ts', loader: 'none', action: 'public' },
  { id: 'routes/api/openapi/openapi-json.ts', loader: 'public', action: 'none' },
  { id: 'routes/api/openapi/docs.tsx', loader: 'public' },
  { id: 'routes/api/not-found.ts', loader: 'hidden', action: 'hidden' },
]

type Module = { loader?: Handler; action?: Handler; default?: unknown }
const modules = import.meta.glob<Module>(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts', '!./**/*.test.tsx'])
const moduleOf = (file: string) => modules[`./${file.replace(/^routes\//, '')}`]()
/** A URL of the route, with a made-up value for each parameter, and those parameters. */
function urlOf(pattern: string) {
  const params: Record<string, string> = {}
  const path = pattern
    .split('/')
    .map((part) => {
      if (part === '*') return (params['*'] = 'no/such/page')
      if (!part.startsWith(':')) return part
      const name = part.replace(/^:|\?$/g, '')
      return (params[name] = `made-up-${name}`)
    })
    .join('/')
  return { path: `/${path}`, params }
}
const patternOf = (pattern: string) =>
  new RegExp(
    `^/${pattern
      .split('/')
      .map((p) => (p === '*' ? '.*' : p.startsWith(':') ? '[^/]+' : p.replace(/\./g, '\\.')))
      .join('/')}$`,
  )

describe('every route of app/routes.ts', () => {
  const all = flattenRoutes()

  it('has a row: in the organization administration table or in ROUTES, never both', async () => {
    const dummy = { n: 0, victim: { id: 'v' }, creator: { id: 'c' }, group: 'g', invitation: 'i' } as Targets
    const inCases = new Set<string>()
    for (const c of CASES) {
      const pathname = new URL(c.path(dummy), 'http://x').pathname
      for (const r of all.filter((r) => patternOf(r.path).test(pathname))) {
        const module = await moduleOf(r.file)
        if (module.loader === c.handler || module.action === c.handler) inCases.add(r.id)
      }
    }
    const inRows = new Set(ROUTES.map((r) => r.id))
    const missing = all.filter((r) => !inCases.has(r.id) && !inRows.has(r.id)).map((r) => `${r.id} (/${r.path})`)
    expect(missing, 'routes without a row').toEqual([])
    expect(
      ROUTES.filter((r) => inCases.has(r.id)).map((r) => r.id),
      'routes with two rows',
    ).toEqual([])
    expect(
      ROUTES.filter((r) => !all.some((a) => a.id === r.id)).map((r) => r.id),
      'rows of routes that are gone',
    ).toEqual([])
  })

  describe.each(ROUTES.map((r) => [r.id, r] as const))('%s, signed out', (_id, row) => {
    const route = all.find((r) => r.id === row.id)!
    it.each(['loader', 'action'] as const)('%s', async (kind) => {
      const module = await moduleOf(route.file)
      const handler = module[kind]
      const access = row[kind]
      expect(Boolean(handler), `${kind} of ${route.file} and its row`).toBe(Boolean(access))
      if (!handler || !access) return
      const { path, params } = urlOf(route.path)
      const before = await snapshot()
      const res = await call(
        handler,
        path,
        kind === 'loader' ? { params, headers: row.headers } : { method: row.method ?? 'POST', form: {}, params, headers: row.headers },
      )
      if (access === 'page') {
        expect(res.status).toBe(302)
        expect(res.location).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`)
      } else if (access === 'api') {
        expect(res.status).toBe(401)
        expect(res.body).toEqual({ message: 'SESSION_NOT_FOUND' })
      } else if (access === 'bearer') {
        expect(res.status).toBe(401)
        expect(res.body).toMatchObject({ status: '401' })
      } else if (access === 'hidden') {
        expect(res.status).toBe(404)
      } else if (access === 'none') {
        expect(res.status).toBe(405)
        expect(res.body).toEqual({ message: 'METHOD_NOT_ALLOWED' })
      } else {
        expect(res.status).not.toBe(401)
        expect(res.status).not.toBe(404)
        expect(res.location ?? '').not.toMatch(/^\/signin\?redirectTo=/)
      }
      expect(await snapshot()).toEqual(before)
    })
  })
})
