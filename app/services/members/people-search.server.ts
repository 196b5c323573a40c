import { sql, type SqlBool } from 'kysely'
import { folded, searchPattern, swedishStored } from '~/db/collation'
import { DomainError } from '~/errors'
import { requireOrgAdmin } from '../access.server'
import { GROUP_ROLES, rightsOf } from '../groups/group-roles'
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
 * else (a group creator) sees it masked, `e…k@example.se`, except their own and those of the
 * members of a group they own or lead (`emailVisible`). With the organization role that is
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

/** The group roles that see their group's members' addresses (docs/group-roles.md "Who sees whose email"). */
const EMAIL_ROLES = GROUP_ROLES.filter((role) => rightsOf(role).seeMemberEmails)

type Where = { organizationId: string; fullEmails: boolean; excludeGroupId?: string }

/**
 * Whether the chooser sees a person's full address, as 1 or 0: the one rule of docs/group-roles.md.
 * Besides a chooser who sees the organization's addresses (`fullEmails`), their own address and
 * those of the members of a group they own or lead (shown in full on its page) are never masked.
 */
function emailVisible(ctx: Ctx, where: Where) {
  const viewerId = ctx.actor?.id ?? ''
  if (where.fullEmails) return sql<number>`1`
  return sql<number>`case when ${sql.ref('m.user_id')} = ${viewerId} or exists ${ctx.db
    .selectFrom('group_members as mine')
    .innerJoin('group_members as theirs', 'theirs.group_id', 'mine.group_id')
    .select('mine.group_id')
    .where('mine.user_id', '=', viewerId)
    .where('mine.role', 'in', EMAIL_ROLES)
    .where('theirs.user_id', '=', sql.ref<string>('m.user_id'))} then 1 else 0 end`
}

function people(ctx: Ctx, where: Where) {
  let query = ctx.db
    .selectFrom('organization_members as m')
    .select(['m.user_id', 'm.name', 'm.email', 'm.role', 'm.is_group_creator'])
    .select(emailVisible(ctx, where).as('email_visible'))
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

type Row = {
  user_id: string
  name: string
  email: string
  role: string
  is_group_creator: number | string | bigint
  email_visible: unknown
}

const toChoice = (r: Row): PersonChoice => {
  const visible = Number(r.email_visible) === 1
  return {
    _id: r.user_id,
    name: r.name,
    email: visible ? r.email : maskEmail(r.email),
    emailMasked: !visible,
    orgRole: r.role === 'admin' ? 'admin' : Number(r.is_group_creator) === 1 ? 'groupCreator' : 'member',
  }
}

/**
 * The people of the scope whose name or email contains `q` (case, accents and Swedish letters
 * folded both ways: "asa" finds "Åsa", "oberg" "Öberg"; collation.ts `searchFold`), by name in
 * Swedish order, at most PEOPLE_SEARCH_LIMIT. An empty `q` finds no one. The scope's own check
 * answers a chooser who may not choose there (ORGANIZATION_NOT_FOUND, GROUP_NOT_FOUND, FORBIDDEN).
 * A masked email is not searched by its hidden part: the chooser finds those people by name, or
 * by a whole address they already know.
 */
export async function searchPeople(ctx: Ctx, scope: PeopleScope, q: string): Promise<PersonChoice[]> {
  const where = await resolveScope(ctx, scope)
  const text = q.trim().slice(0, 200)
  if (!text) return []
  const pattern = searchPattern(text)
  const emailMatches = sql<SqlBool>`${folded(ctx.db, 'm.email')} like ${pattern} escape '\\'`
  const rows = await people(ctx, where)
    .where((eb) =>
      eb.or([
        sql<SqlBool>`${folded(ctx.db, 'm.name')} like ${pattern} escape '\\'`,
        where.fullEmails ? emailMatches : sql<SqlBool>`(${emailVisible(ctx, where)} = 1 and ${emailMatches})`,
        ...(where.fullEmails ? [] : [eb('m.email', '=', text.toLowerCase())]),
      ]),
    )
    .orderBy(swedishStored(ctx.db, 'm.name'))
    .orderBy('m.user_id')
    .limit(PEOPLE_SEARCH_LIMIT)
    .execute()
  return rows.map(toChoice)
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
  const byId = new Map(rows.map((r) => [r.user_id, toChoice(r)]))
  return wanted.flatMap((id) => byId.get(id) ?? [])
}
