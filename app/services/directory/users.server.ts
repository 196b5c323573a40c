import { sql } from 'kysely'
import { isOrganizationActive } from '~/services/access.server'
import { recordAudit } from '~/services/audit.server'
import { PostgresAdapter } from 'kysely'
import { lockOrganization, type Tx } from '~/services/bulk.server'
import { removeOrganizationMembers } from '~/services/members/member-removal.server'
import { newId, nowIso } from '~/utils/ids.server'
import { parseFilter, type Comparison } from './filter'
import { listResponse, paging, USER_SCHEMA, type ScimCtx } from './scim-context'
import { notFound, ScimError } from './scim-error'
import { applyUserPatch, readUserBody, type UserAttributes } from './user-attributes'
import { batches } from '~/db/batches'

/**
 * SCIM Users (RFC 7644 §3) of the token's organization: a person's membership as the directory
 * sees it. `userName` is the account's email. Creating one makes the account when there is none
 * (verified: the directory vouches for the address; no password) and the membership;
 * `active: false` ends the membership of this organization only (the member-removal rules apply:
 * someone who owns a group here or is its last admin stays, 409) and keeps the resource; DELETE
 * ends both. The account, other organizations and their groups are never touched.
 */

const COLUMNS = [
  'd.id',
  'd.user_id',
  'd.external_id',
  'd.active',
  'd.given_name',
  'd.family_name',
  'd.display_name',
  'd.created_at',
  'd.updated_at',
  'u.email',
  'u.name',
] as const

const usersOf = (db: Tx, organizationId: string) =>
  db.selectFrom('directory_users as d').innerJoin('users as u', 'u.id', 'd.user_id').where('d.organization_id', '=', organizationId)

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['executeTakeFirstOrThrow']>>
const selectRows = (db: Tx, organizationId: string) => usersOf(db, organizationId).select(COLUMNS)

export function toScimUser(r: Row, baseUrl: string) {
  const formatted = [r.given_name, r.family_name].filter(Boolean).join(' ')
  return {
    schemas: [USER_SCHEMA],
    id: r.id,
    ...(r.external_id !== null ? { externalId: r.external_id } : {}),
    userName: r.email,
    name: {
      ...(formatted ? { formatted } : {}),
      ...(r.given_name !== null ? { givenName: r.given_name } : {}),
      ...(r.family_name !== null ? { familyName: r.family_name } : {}),
    },
    displayName: r.display_name ?? r.name,
    emails: [{ value: r.email, type: 'work', primary: true }],
    active: Number(r.active) === 1,
    meta: { resourceType: 'User', created: r.created_at, lastModified: r.updated_at, location: `${baseUrl}/Users/${r.id}` },
  }
}

export type ScimUser = ReturnType<typeof toScimUser>

const attributesOf = (r: Row): UserAttributes => ({
  userName: r.email,
  externalId: r.external_id,
  givenName: r.given_name,
  familyName: r.family_name,
  displayName: r.display_name,
  active: Number(r.active) === 1,
})

/** The account's name from what the directory gave: displayName, else given and family name, else the email. */
const accountName = (a: UserAttributes) => a.displayName ?? ([a.givenName, a.familyName].filter(Boolean).join(' ') || a.userName)

type Query = ReturnType<typeof usersOf>

/** The comparisons of a filter as conditions on the users query; an attribute it cannot compare is 400 invalidFilter. */
function whereFilter(query: Query, comparisons: Comparison[]): Query {
  let q = query
  for (const { attr, value } of comparisons) {
    const str = () => {
      if (typeof value !== 'string') throw new ScimError(400, `${attr} is compared with a string`, 'invalidFilter')
      return value
    }
    switch (attr) {
      case 'username':
      case 'emails':
      case 'emails.value':
        q = q.where('u.email', '=', str().toLowerCase())
        break
      case 'emails.type':
        // The one address is the work address.
        if (str().toLowerCase() !== 'work') q = q.where(sql<boolean>`1 = 0`)
        break
      case 'externalid':
        q = q.where('d.external_id', '=', str())
        break
      case 'id':
        q = q.where('d.id', '=', str())
        break
      case 'displayname':
        q = q.where((eb) => eb.fn.coalesce('d.display_name', 'u.name'), '=', str())
        break
      case 'name.givenname':
        q = q.where('d.given_name', '=', str())
        break
      case 'name.familyname':
        q = q.where('d.family_name', '=', str())
        break
      case 'active':
        if (typeof value !== 'boolean') throw new ScimError(400, 'active is compared with true or false', 'invalidFilter')
        q = q.where('d.active', '=', value ? 1 : 0)
        break
      default:
        throw new ScimError(400, `Filtering on ${attr} is not supported`, 'invalidFilter')
    }
  }
  return q
}

/** GET /Users: filtered (eq, and), paged by startIndex and count, oldest first. */
export async function listScimUsers(ctx: ScimCtx, params: URLSearchParams) {
  const { startIndex, count } = paging(params)
  const filter = params.get('filter')
  const comparisons = filter ? parseFilter(filter) : []
  const base = whereFilter(usersOf(ctx.db, ctx.organizationId), comparisons)
  const [{ n }] = await base.select((eb) => eb.fn.countAll().as('n')).execute()
  const rows =
    count === 0
      ? []
      : await base
          .select(COLUMNS)
          .orderBy('d.created_at')
          .orderBy('d.id')
          .limit(count)
          .offset(startIndex - 1)
          .execute()
  return listResponse(
    rows.map((r) => toScimUser(r, ctx.baseUrl)),
    Number(n),
    startIndex,
  )
}

async function findRow(db: Tx, ctx: ScimCtx, id: string) {
  return selectRows(db, ctx.organizationId).where('d.id', '=', id).executeTakeFirst()
}

/** GET /Users/:id (404 for another organization's or a deleted resource). */
export async function getScimUser(ctx: ScimCtx, id: string) {
  const row = await findRow(ctx.db, ctx, id)
  if (!row) throw notFound('User', id)
  return toScimUser(row, ctx.baseUrl)
}

const isMemberIn = async (db: Tx, organizationId: string, userId: string) =>
  !!(await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst())

/**
 * 403 in an inactive organization: like its admins, the directory adds no one there (and
 * reactivates no one); deactivating, deleting and renaming still work (docs/organizations.md).
 */
export async function requireActiveForAdding(db: Tx, organizationId: string) {
  if (!(await isOrganizationActive(db, organizationId))) throw new ScimError(403, 'The organization is inactive: no one can be added to it')
}

/**
 * lockOrganization and requireActiveForAdding in one query (PostgreSQL: `for no key update`): the
 * organization's row is what every write to its members serializes on (its member count), so
 * provisioning holds it for as few round trips as it can.
 */
export async function lockForAdding(trx: Tx, organizationId: string) {
  const query = trx.selectFrom('organizations').select('active').where('id', '=', organizationId)
  // `for no key update`: what the member-count trigger's update takes anyway; unlike `for update` it
  // does not wait for the key-share locks this transaction's own foreign keys (audit, directory_users) took.
  const org = await (trx.getExecutor().adapter instanceof PostgresAdapter ? query.forNoKeyUpdate() : query).executeTakeFirst()
  if (Number(org?.active) !== 1) throw new ScimError(403, 'The organization is inactive: no one can be added to it')
}

/** A unique constraint refused a row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY). */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** Makes the person a member (role member) unless they are one already (their role stays). */
async function ensureMembership(db: Tx, organizationId: string, userId: string, now: string) {
  await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role: 'member', created_at: now })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
    .execute()
}

/**
 * POST /Users. An account with that email becomes a member without a second account; one that
 * has no account gets one (verified, no password: single sign-on or "forgot password" lets them
 * in). An address already provisioned here is 409 uniqueness.
 */
export async function createScimUser(ctx: ScimCtx, body: unknown) {
  const attributes = readUserBody(body)
  const now = nowIso(ctx.now)
  const id = newId()
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      let user = await trx.selectFrom('users').select('id').where('email', '=', attributes.userName).executeTakeFirst()
      let accountCreated = false
      if (user) {
        const taken = await trx
          .selectFrom('directory_users')
          .select('id')
          .where('organization_id', '=', ctx.organizationId)
          .where('user_id', '=', user.id)
          .executeTakeFirst()
        if (taken) throw new ScimError(409, `A user with userName ${attributes.userName} exists already`, 'uniqueness')
      } else {
        user = { id: newId() }
        accountCreated = true
        await trx
          .insertInto('users')
          .values({
            id: user.id,
            name: accountName(attributes),
            email: attributes.userName,
            password_hash: null,
            email_verified_at: now,
            locale: 'sv',
            timezone: 'Europe/Stockholm',
            created_at: now,
          })
          .execute()
      }
      await trx
        .insertInto('directory_users')
        .values({
          id,
          organization_id: ctx.organizationId,
          user_id: user.id,
          external_id: attributes.externalId,
          active: attributes.active ? 1 : 0,
          given_name: attributes.givenName,
          family_name: attributes.familyName,
          display_name: attributes.displayName,
          created_at: now,
          updated_at: now,
        })
        .execute()
      await recordAudit(
        { ...ctx, db: trx },
        {
          organizationId: ctx.organizationId,
          action: 'directory.users.create',
          items: [user.id],
          result: { SUCCESS: 1, accountCreated, active: attributes.active },
        },
      )
      // Last, the membership: the organization's row (its active flag, its member count) is what
      // every change of its members serializes on, so it is held for two statements and the commit,
      // not for all seven (PostgreSQL: 29 → 83 people a second, p99 1.7 → 0.7 s at the same load,
      // bench:scim, docs/directory-sync.md#benchmark). An inactive organization rolls all of it back.
      if (attributes.active) {
        await lockForAdding(trx, ctx.organizationId)
        await ensureMembership(trx, ctx.organizationId, user.id, now)
      }
    })
    .catch((error: unknown) => {
      // The same address created at the same moment by a second request: its account or resource is the first's.
      if (isUniqueViolation(error)) throw new ScimError(409, `A user with userName ${attributes.userName} exists already`, 'uniqueness')
      throw error
    })
  return getScimUser(ctx, id)
}

/** Why a membership could not end: the member-removal rules, said for the directory's log. */
const BLOCKED: Record<string, string> = {
  IS_GROUP_OWNER:
    'The person owns groups in this organization: an admin must give those groups another owner before the membership can end (IS_GROUP_OWNER)',
  LAST_ADMIN: 'The person is the last admin of this organization (LAST_ADMIN)',
}

/** Ends the membership through the member-removal service (its rules and audit); 409 when they keep it. */
async function endMembership(ctx: ScimCtx, userId: string) {
  if (!(await isMemberIn(ctx.db, ctx.organizationId, userId))) return
  const [{ result }] = await removeOrganizationMembers(ctx, ctx.organizationId, [userId])
  if (result !== 'SUCCESS' && result !== 'MEMBER_NOT_FOUND') throw new ScimError(409, BLOCKED[result] ?? result)
}

/**
 * A rename sent by the directory renames the account (and so every member list, through the
 * copies' triggers) when this organization's directory made it (its POST's audit entry says
 * `accountCreated`, written in the same transaction as the account), and it is in no other
 * organization (no membership or SCIM resource elsewhere). Any other account keeps its name: it is the person's, and
 * other organizations show it too. One conditional update; whether it renamed.
 */
async function renameOwnAccount(trx: Tx, organizationId: string, row: Row, name: string) {
  if (name === row.name) return false
  const updated = await trx
    .updateTable('users')
    .set({ name })
    .where('id', '=', row.user_id)
    // Made by this organization's directory: its POST recorded so (directory.users.create, accountCreated), in the same transaction.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('audit_log')
          .select('id')
          .where('organization_id', '=', organizationId)
          .where('action', '=', 'directory.users.create')
          .where('items', '=', JSON.stringify([row.user_id]))
          .where('result', 'like', '%"accountCreated":true%'),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('organization_members')
            .select('user_id')
            .where('user_id', '=', row.user_id)
            .where('organization_id', '!=', organizationId),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('directory_users').select('id').where('user_id', '=', row.user_id).where('organization_id', '!=', organizationId),
        ),
      ),
    )
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

/** Makes the resource what `next` says (PUT and PATCH): membership first, then the kept attributes. */
async function saveUser(ctx: ScimCtx, row: Row, next: UserAttributes) {
  if (next.userName !== row.email) throw new ScimError(400, 'userName (the email) cannot be changed through the directory', 'mutability')
  const now = nowIso(ctx.now)
  const wasActive = Number(row.active) === 1
  if (!next.active) await endMembership(ctx, row.user_id)
  await ctx.db.transaction().execute(async (trx) => {
    if (next.active) {
      await lockOrganization(trx, ctx.organizationId)
      if (!(await isMemberIn(trx, ctx.organizationId, row.user_id))) await requireActiveForAdding(trx, ctx.organizationId)
      await ensureMembership(trx, ctx.organizationId, row.user_id, now)
    }
    await trx
      .updateTable('directory_users')
      .set({
        external_id: next.externalId,
        given_name: next.givenName,
        family_name: next.familyName,
        display_name: next.displayName,
        active: next.active ? 1 : 0,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute()
    const changed = (['externalId', 'givenName', 'familyName', 'displayName'] as const).filter((k) => next[k] !== attributesOf(row)[k])
    const renamed = changed.some((k) => k !== 'externalId') && (await renameOwnAccount(trx, ctx.organizationId, row, accountName(next)))
    const action = next.active && !wasActive ? 'directory.users.activate' : changed.length ? 'directory.users.update' : null
    // A deactivation is recorded by the member removal itself ('members.remove').
    if (action)
      await recordAudit(
        { ...ctx, db: trx },
        {
          organizationId: ctx.organizationId,
          action,
          items: [row.user_id],
          result: { SUCCESS: 1, changed, ...(renamed ? { accountRenamed: true } : {}) },
        },
      )
  })
  return getScimUser(ctx, row.id)
}

/** PUT /Users/:id: the whole resource as given (attributes left out are cleared; active defaults to true). */
export async function replaceScimUser(ctx: ScimCtx, id: string, body: unknown) {
  const row = await findRow(ctx.db, ctx, id)
  if (!row) throw notFound('User', id)
  return saveUser(ctx, row, readUserBody(body))
}

/** PATCH /Users/:id (add, replace, remove; with and without path). */
export async function patchScimUser(ctx: ScimCtx, id: string, body: unknown) {
  const row = await findRow(ctx.db, ctx, id)
  if (!row) throw notFound('User', id)
  return saveUser(ctx, row, applyUserPatch(attributesOf(row), body))
}

/** DELETE /Users/:id: ends the membership (the removal rules apply) and the resource (404 afterwards). */
export async function deleteScimUser(ctx: ScimCtx, id: string) {
  const row = await findRow(ctx.db, ctx, id)
  if (!row) throw notFound('User', id)
  await endMembership(ctx, row.user_id)
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('directory_users').where('id', '=', row.id).execute()
    await recordAudit(
      { ...ctx, db: trx },
      { organizationId: ctx.organizationId, action: 'directory.users.delete', items: [row.user_id], result: { SUCCESS: 1 } },
    )
  })
}

/** The user ids of SCIM user ids of the organization (for group members). */
export async function userIdsOfScimIds(db: Tx, organizationId: string, scimIds: string[]) {
  const map = new Map<string, string>()
  for (const batch of batches(scimIds)) {
    const rows = await db
      .selectFrom('directory_users')
      .select(['id', 'user_id'])
      .where('organization_id', '=', organizationId)
      .where('id', 'in', batch)
      .execute()
    for (const r of rows) map.set(r.id, r.user_id)
  }
  return map
}
