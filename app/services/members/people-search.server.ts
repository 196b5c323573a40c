import { sql, type SqlBool } from 'kysely'
import { folded, swedishStored } from '~/db/collation'
import { DomainError } from '~/errors'
import { likePattern } from '~/utils/list-query'
import { requireOrgAdmin } from '../access.server'
import { requireGroupAccess } from '../groups/group-access.server'
import { requireGroupCreation } from '../groups/group-creation.server'
import type { Ctx } from '../context.server'

/*
 * The people picker's search (app/ui/people-picker.tsx, docs/groups.md "The people picker"): the
 * people a user may choose in one place, by name or email. Every place searches the members of
 * one organization, after that place's own permission check:
 *   new-group    members and owner at /create/group: those who may create groups there;
 *   group-owner  a new owner on the organization's groups screen: its admins;
 *   group-invite an existing user to invite to a group: its owners and leaders and the admins of
 *                its organization (the group's members are left out: they are in it already).
 * Data minimization: the full email only for those who may see the organization's emails (its
 * admins, and a group's owners and leaders choosing within their group's organization); anyone
 * else (a group creator) sees it masked, `e…k@example.se`. With the organization role that is
 * enough to tell two people of the same name apart.
 */

export type PeopleScope =
  { for: 'new-group'; organizationId: string } | { for: 'group-owner'; organizationId: string } | { for: 'group-invite'; groupId: string }

/** A person as the picker shows them. */
export interface PersonChoice {
  _id: string
  name: string
  /** The full address, or masked (`emailMasked`) for a chooser who may not see emails. */
  email: string
  emailMasked: boolean
  /** Their standing in the organization: what tells apart two people of the same name besides the email. */
  orgRole: 'admin' | 'groupCreator' | 'member'
}

/** The most people one search answers. */
export const PEOPLE_SEARCH_LIMIT = 20

/** `erik.ek@example.se` → `e…k@example.se`: the first and last letter of the local part, the domain. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@')
  if (at < 1) return '…'
  const local = email.slice(0, at)
  return `${local[0]}…${local.length > 1 ? local[local.length - 1] : ''}${email.slice(at)}`
}

/** Where the scope searches, after its permission check; whether the chooser sees emails; who is left out. */
async function resolveScope(
  ctx: Ctx,
  scope: PeopleScope,
): Promise<{ organizationId: string; fullEmails: boolean; excludeGroupId?: string }> {
  if (scope.for === 'group-owner') {
    await requireOrgAdmin(ctx, scope.organizationId)
    return { organizationId: scope.organizationId, fullEmails: true }
  }
  if (scope.for === 'new-group') {
    await requireGroupCreation(ctx, scope.organizationId, 'standard')
    const isAdmin = await requireOrgAdmin(ctx, scope.organizationId).then(
      () => true,
      () => false,
    )
    return { organizationId: scope.organizationId, fullEmails: isAdmin }
  }
  const { group, isOrgAdmin, rights } = await requireGroupAccess(ctx, scope.groupId)
  if (!isOrgAdmin && !rights.manageMembers) throw new DomainError('FORBIDDEN')
  return { organizationId: group.organizationId, fullEmails: true, excludeGroupId: group.id }
}

function people(ctx: Ctx, where: { organizationId: string; excludeGroupId?: string }) {
  let query = ctx.db
    .selectFrom('organization_members as m')
    .select(['m.user_id', 'm.name', 'm.email', 'm.role', 'm.is_group_creator'])
    .where('m.organization_id', '=', where.organizationId)
  if (where.excludeGroupId) {
    const groupId = where.excludeGroupId
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('group_members as gm')
            .select('gm.user_id')
            .whereRef('gm.user_id', '=', 'm.user_id')
            .where('gm.group_id', '=', groupId),
        ),
      ),
    )
  }
  return query
}

type Row = { user_id: string; name: string; email: string; role: string; is_group_creator: number | string | bigint }

const toChoice =
  (fullEmails: boolean) =>
  (r: Row): PersonChoice => ({
    _id: r.user_id,
    name: r.name,
    email: fullEmails ? r.email : maskEmail(r.email),
    emailMasked: !fullEmails,
    orgRole: r.role === 'admin' ? 'admin' : Number(r.is_group_creator) === 1 ? 'groupCreator' : 'member',
  })

/**
 * The people of the scope whose name or email contains `q` (case and accents folded), by name in
 * Swedish order, at most PEOPLE_SEARCH_LIMIT. An empty `q` finds no one. The scope's own check
 * answers a chooser who may not choose there (ORGANIZATION_NOT_FOUND, GROUP_NOT_FOUND, FORBIDDEN).
 * A masked email is not searched by its hidden part: a creator finds people by name, or by a
 * whole address they already know.
 */
export async function searchPeople(ctx: Ctx, scope: PeopleScope, q: string): Promise<PersonChoice[]> {
  const where = await resolveScope(ctx, scope)
  const text = q.trim().slice(0, 200)
  if (!text) return []
  const pattern = likePattern(text)
  const rows = await people(ctx, where)
    .where((eb) =>
      eb.or([
        sql<SqlBool>`${folded(ctx.db, 'm.name')} like ${pattern} escape '\\'`,
        where.fullEmails ? sql<SqlBool>`${folded(ctx.db, 'm.email')} like ${pattern} escape '\\'` : eb('m.email', '=', text.toLowerCase()),
      ]),
    )
    .orderBy(swedishStored(ctx.db, 'm.name'))
    .orderBy('m.user_id')
    .limit(PEOPLE_SEARCH_LIMIT)
    .execute()
  return rows.map(toChoice(where.fullEmails))
}

/**
 * The chosen people again, as the picker shows them (a form shown again after a search or an
 * error without JavaScript), in the order asked; ids outside the scope are left out.
 */
export async function peopleByIds(ctx: Ctx, scope: PeopleScope, ids: string[]): Promise<PersonChoice[]> {
  const where = await resolveScope(ctx, scope)
  const wanted = [...new Set(ids.filter(Boolean))].slice(0, 1000)
  if (!wanted.length) return []
  const rows = await people(ctx, where).where('m.user_id', 'in', wanted).execute()
  const byId = new Map(rows.map((r) => [r.user_id, toChoice(where.fullEmails)(r)]))
  return wanted.flatMap((id) => byId.get(id) ?? [])
}
