import { recordAudit } from '~/services/audit.server'
import { lockOrganization, type Tx } from '~/services/bulk.server'
import { deleteOrganizationGroups } from '~/services/groups/group-bulk.server'
import { newId, nowIso } from '~/utils/ids.server'
import { normalizePath, parseFilter } from './filter'
import { GROUP_SCHEMA, listResponse, paging, type ScimCtx } from './scim-context'
import { invalidPath, invalidValue, notFound, ScimError } from './scim-error'
import { patchOperations } from './user-attributes'
import { lockForAdding, userIdsOfScimIds } from './users.server'
import { batches } from '~/db/batches'
import { defaultRetentionMonths } from '~/services/organizations/retention-policy.server'

/**
 * SCIM Groups of the token's organization: only the groups the directory created
 * (`groups.directory_managed`); the organization's other groups are neither listed nor changed.
 * A directory group is a standard group owned by the admin chosen in the sync settings
 * (settings.server.ts); its members, SCIM users of the organization who are members, get the
 * member role. Deleting one goes through the groups service (groups.delete).
 */

const groupsOf = (db: Tx, organizationId: string) =>
  db.selectFrom('groups').where('organization_id', '=', organizationId).where('directory_managed', '=', 1)

type GroupRow = { id: string; name: string; directory_external_id: string | null; created_at: string; latest_activity_at: string | null }

/** The group's members as SCIM user ids (the owner, if not a SCIM user here, is not one of them). */
async function membersOf(db: Tx, organizationId: string, groupId: string) {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('directory_users as d', (j) => j.onRef('d.user_id', '=', 'gm.user_id').on('d.organization_id', '=', organizationId))
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['d.id', 'u.name', 'd.display_name'])
    .where('gm.group_id', '=', groupId)
    .orderBy('d.id')
    .execute()
}

async function toScimGroup(ctx: ScimCtx, r: GroupRow, withMembers = true) {
  const members = withMembers ? await membersOf(ctx.db, ctx.organizationId, r.id) : null
  return {
    schemas: [GROUP_SCHEMA],
    id: r.id,
    ...(r.directory_external_id !== null ? { externalId: r.directory_external_id } : {}),
    displayName: r.name,
    ...(members
      ? { members: members.map((m) => ({ value: m.id, display: m.display_name ?? m.name, $ref: `${ctx.baseUrl}/Users/${m.id}` })) }
      : {}),
    meta: {
      resourceType: 'Group',
      created: r.created_at,
      lastModified: r.latest_activity_at ?? r.created_at,
      location: `${ctx.baseUrl}/Groups/${r.id}`,
    },
  }
}

const COLUMNS = ['groups.id', 'groups.name', 'groups.directory_external_id', 'groups.created_at', 'groups.latest_activity_at'] as const

/** `excludedAttributes=members` (Entra ID asks so): the answer leaves the members out. */
const excludesMembers = (params: URLSearchParams) =>
  (params.get('excludedAttributes') ?? '').split(',').some((a) => normalizePath(a.trim()) === 'members')

/** GET /Groups: filter eq on displayName, externalId, id and members.value (and), paged. */
export async function listScimGroups(ctx: ScimCtx, params: URLSearchParams) {
  const { startIndex, count } = paging(params)
  const filter = params.get('filter')
  let query = groupsOf(ctx.db, ctx.organizationId)
  for (const { attr, value } of filter ? parseFilter(filter) : []) {
    if (typeof value !== 'string') throw new ScimError(400, `${attr} is compared with a string`, 'invalidFilter')
    if (attr === 'displayname') query = query.where('groups.name', '=', value)
    else if (attr === 'externalid') query = query.where('groups.directory_external_id', '=', value)
    else if (attr === 'id') query = query.where('groups.id', '=', value)
    else if (attr === 'members.value' || attr === 'members')
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('group_members as gm')
            .innerJoin('directory_users as d', 'd.user_id', 'gm.user_id')
            .select('gm.user_id')
            .whereRef('gm.group_id', '=', 'groups.id')
            .where('d.organization_id', '=', ctx.organizationId)
            .where('d.id', '=', value),
        ),
      )
    else throw new ScimError(400, `Filtering on ${attr} is not supported`, 'invalidFilter')
  }
  const [{ n }] = await query.select((eb) => eb.fn.countAll().as('n')).execute()
  const rows =
    count === 0
      ? []
      : await query
          .select(COLUMNS)
          .orderBy('groups.created_at')
          .orderBy('groups.id')
          .limit(count)
          .offset(startIndex - 1)
          .execute()
  const withMembers = !excludesMembers(params)
  const resources = []
  for (const r of rows) resources.push(await toScimGroup(ctx, r, withMembers))
  return listResponse(resources, Number(n), startIndex)
}

async function findGroup(db: Tx, organizationId: string, id: string) {
  return groupsOf(db, organizationId).select(COLUMNS).where('groups.id', '=', id).executeTakeFirst()
}

/** GET /Groups/:id (404 for a group the directory did not create, or another organization's). */
export async function getScimGroup(ctx: ScimCtx, id: string, params = new URLSearchParams()) {
  const row = await findGroup(ctx.db, ctx.organizationId, id)
  if (!row) throw notFound('Group', id)
  return toScimGroup(ctx, row, !excludesMembers(params))
}

/**
 * The owner of the groups the directory creates: the admin chosen in the sync settings, else the
 * admin who made the token, as long as they are still an admin; else 400 (the settings must name one).
 */
async function groupOwner(trx: Tx, ctx: ScimCtx) {
  const settings = await trx
    .selectFrom('organizations')
    .leftJoin('directory_tokens as t', (j) => j.on('t.id', '=', ctx.directoryTokenId))
    .select(['organizations.directory_group_owner_id as chosen', 't.created_by as tokenCreator'])
    .where('organizations.id', '=', ctx.organizationId)
    .executeTakeFirstOrThrow()
  for (const candidate of [settings.chosen, settings.tokenCreator]) {
    if (!candidate) continue
    const admin = await trx
      .selectFrom('organization_members')
      .select('user_id')
      .where('organization_id', '=', ctx.organizationId)
      .where('user_id', '=', candidate)
      .where('role', '=', 'admin')
      .executeTakeFirst()
    if (admin) return admin.user_id
  }
  throw invalidValue("No owner for directory groups: an admin must choose one in the organization's directory sync settings")
}

function memberValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : null
  if (!list) throw invalidValue('members must be a list of { "value": "<user id>" }')
  return list.map((m) => {
    const v = m && typeof m === 'object' ? (m as Record<string, unknown>).value : undefined
    if (typeof v !== 'string' || !v) throw invalidValue('Each member needs a "value", the SCIM id of a user')
    return v
  })
}

/**
 * Adds SCIM users to a group as members (role member): those who are members of the organization
 * and not yet of the group. Returns how many were added and the SCIM ids that could not be (not a
 * user here, or not an active member).
 */
async function addMembers(trx: Tx, ctx: ScimCtx, groupId: string, scimIds: string[], now: string) {
  const byScimId = await userIdsOfScimIds(trx, ctx.organizationId, [...new Set(scimIds)])
  const userIds = [...new Set(byScimId.values())]
  const members = new Set<string>()
  for (const batch of batches(userIds)) {
    const rows = await trx
      .selectFrom('organization_members')
      .select('user_id')
      .where('organization_id', '=', ctx.organizationId)
      .where('user_id', 'in', batch)
      .execute()
    for (const r of rows) members.add(r.user_id)
  }
  const wanted = userIds.filter((u) => members.has(u))
  let added = 0
  for (const part of batches(wanted)) {
    const inserted = await trx
      .insertInto('group_members')
      .values(part.map((user_id) => ({ group_id: groupId, user_id, role: 'member' as const, created_at: now })))
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute()
    added += inserted.length
  }
  if (added)
    await trx
      .updateTable('groups')
      .set((eb) => ({ member_count: eb('member_count', '+', added) }))
      .where('id', '=', groupId)
      .execute()
  const notAdded = scimIds.filter((s) => !byScimId.has(s) || !members.has(byScimId.get(s)!))
  return { added, notAdded }
}

/** Removes SCIM users from a group (never its owner, who keeps the group). `null`: every member but the owner. */
async function removeMembers(trx: Tx, ctx: ScimCtx, groupId: string, scimIds: string[] | null) {
  let query = trx.deleteFrom('group_members').where('group_id', '=', groupId).where('role', '!=', 'owner')
  if (scimIds) {
    const userIds = [...new Set((await userIdsOfScimIds(trx, ctx.organizationId, [...new Set(scimIds)])).values())]
    if (userIds.length === 0) return 0
    query = query.where('user_id', 'in', userIds)
  } else {
    query = query.where('user_id', 'in', (eb) =>
      eb.selectFrom('directory_users').select('user_id').where('organization_id', '=', ctx.organizationId),
    )
  }
  const removed = (await query.returning('user_id').execute()).length
  if (removed)
    await trx
      .updateTable('groups')
      .set((eb) => ({ member_count: eb('member_count', '-', removed) }))
      .where('id', '=', groupId)
      .execute()
  return removed
}

function readGroupBody(body: unknown) {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ScimError(400, 'The body must be a SCIM Group object', 'invalidSyntax')
  const b = body as Record<string, unknown>
  const displayName = typeof b.displayName === 'string' ? b.displayName.trim() : ''
  if (!displayName || displayName.length > 200) throw invalidValue('displayName is required (at most 200 characters)')
  if (b.externalId !== undefined && b.externalId !== null && typeof b.externalId !== 'string')
    throw invalidValue('externalId must be a string')
  return {
    displayName,
    externalId: (b.externalId as string | undefined) ?? null,
    members: b.members === undefined ? [] : memberValues(b.members),
  }
}

async function requireUniqueName(trx: Tx, organizationId: string, name: string, except?: string) {
  let query = groupsOf(trx, organizationId).select('id').where('name', '=', name)
  if (except) query = query.where('id', '!=', except)
  if (await query.executeTakeFirst()) throw new ScimError(409, `A group named ${name} exists already`, 'uniqueness')
}

/** POST /Groups: a standard group owned by the settings' admin, with its members. */
export async function createScimGroup(ctx: ScimCtx, body: unknown) {
  const input = readGroupBody(body)
  const id = newId()
  const now = nowIso(ctx.now)
  await ctx.db.transaction().execute(async (trx) => {
    await lockForAdding(trx, ctx.organizationId)
    await requireUniqueName(trx, ctx.organizationId, input.displayName)
    const ownerId = await groupOwner(trx, ctx)
    await trx
      .insertInto('groups')
      .values({
        id,
        organization_id: ctx.organizationId,
        name: input.displayName,
        kind: 'standard',
        owner_id: ownerId,
        active: 1,
        member_count: 1,
        latest_activity_at: null,
        created_at: now,
        retention_months: await defaultRetentionMonths(trx, ctx.organizationId),
        directory_managed: 1,
        directory_external_id: input.externalId,
      })
      .execute()
    await trx.insertInto('group_members').values({ group_id: id, user_id: ownerId, role: 'owner', created_at: now }).execute()
    const { added, notAdded } = await addMembers(trx, ctx, id, input.members, now)
    await recordAudit(
      { ...ctx, db: trx },
      {
        organizationId: ctx.organizationId,
        action: 'directory.groups.create',
        items: [id],
        result: { SUCCESS: 1, membersAdded: added, membersNotAdded: notAdded.length },
      },
    )
  })
  return getScimGroup(ctx, id)
}

/** The value of `members[value eq "id"]` paths (Entra ID's remove shape), else null. */
function memberPathValue(path: string) {
  const match = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path.trim())
  return match ? match[1] : null
}

/**
 * PATCH /Groups/:id: replace displayName or externalId (with a path or without, as Entra ID
 * sends), add members (in batches), remove members (`members` with a value list, or
 * `members[value eq "id"]`; `members` without a value removes all), replace members.
 */
export async function patchScimGroup(ctx: ScimCtx, id: string, body: unknown) {
  const operations = patchOperations(body)
  const now = nowIso(ctx.now)
  await ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, ctx.organizationId)
    const group = await findGroup(trx, ctx.organizationId, id)
    if (!group) throw notFound('Group', id)
    let name = group.name
    let externalId = group.directory_external_id
    let added = 0
    let removed = 0
    const notAdded: string[] = []
    const attribute = (key: string, value: unknown, remove: boolean) => {
      const attr = normalizePath(key)
      if (attr === 'displayname') {
        if (remove || typeof value !== 'string' || !value.trim() || value.length > 200)
          throw invalidValue('displayName must be a non-empty string')
        name = value.trim()
      } else if (attr === 'externalid') {
        if (!remove && typeof value !== 'string') throw invalidValue('externalId must be a string')
        externalId = remove ? null : (value as string)
      } else if (attr === 'id' || attr === 'schemas' || attr === 'meta') {
        if (attr === 'id' && value !== id) throw new ScimError(400, 'id cannot be changed', 'mutability')
      } else throw invalidPath(key)
    }
    for (const { kind, path, value } of operations) {
      const remove = kind === 'remove'
      if (!path) {
        if (remove) throw new ScimError(400, 'A remove operation needs a path', 'noTarget')
        if (!value || typeof value !== 'object' || Array.isArray(value))
          throw invalidValue('An operation without a path needs an object value')
        for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
          if (normalizePath(key) === 'members') {
            if (kind === 'replace') removed += await removeMembers(trx, ctx, id, null)
            const result = await addMembers(trx, ctx, id, memberValues(v), now)
            added += result.added
            notAdded.push(...result.notAdded)
          } else attribute(key, v, false)
        }
        continue
      }
      const single = memberPathValue(path)
      if (single !== null) {
        if (!remove) throw new ScimError(400, `${path}: only remove takes a member filter`, 'invalidPath')
        removed += await removeMembers(trx, ctx, id, [single])
      } else if (normalizePath(path) === 'members') {
        if (remove) removed += await removeMembers(trx, ctx, id, value === undefined || value === null ? null : memberValues(value))
        else {
          if (kind === 'replace') removed += await removeMembers(trx, ctx, id, null)
          const result = await addMembers(trx, ctx, id, memberValues(value), now)
          added += result.added
          notAdded.push(...result.notAdded)
        }
      } else attribute(path, value, remove)
    }
    if (name !== group.name) await requireUniqueName(trx, ctx.organizationId, name, id)
    if (name !== group.name || externalId !== group.directory_external_id)
      await trx.updateTable('groups').set({ name, directory_external_id: externalId }).where('id', '=', id).execute()
    await recordAudit(
      { ...ctx, db: trx },
      {
        organizationId: ctx.organizationId,
        action: 'directory.groups.update',
        items: [id],
        result: {
          SUCCESS: 1,
          renamed: name !== group.name,
          membersAdded: added,
          membersRemoved: removed,
          membersNotAdded: notAdded.length,
        },
      },
    )
  })
  return getScimGroup(ctx, id)
}

/** PUT /Groups/:id: displayName, externalId and members as given. */
export async function replaceScimGroup(ctx: ScimCtx, id: string, body: unknown) {
  const input = readGroupBody(body)
  return patchScimGroup(ctx, id, {
    Operations: [
      { op: 'replace', path: 'displayName', value: input.displayName },
      input.externalId === null ? { op: 'remove', path: 'externalId' } : { op: 'replace', path: 'externalId', value: input.externalId },
      { op: 'replace', path: 'members', value: input.members.map((value) => ({ value })) },
    ],
  })
}

/** DELETE /Groups/:id through the groups service (its audit entry, groups.delete, names the directory). */
export async function deleteScimGroup(ctx: ScimCtx, id: string) {
  const group = await findGroup(ctx.db, ctx.organizationId, id)
  if (!group) throw notFound('Group', id)
  const [{ result }] = await deleteOrganizationGroups(ctx, ctx.organizationId, [id])
  if (result !== 'SUCCESS') throw notFound('Group', id)
}
