import { uniqueIds } from '../bulk.server'
import type { Ctx } from '../context.server'
import { batches } from '~/db/batches'
import { nowIso } from '~/utils/ids.server'
import type { ImportRow, RowProblem } from './parse.server'

/*
 * What importing rows would do, read from the database as it is now: the preview shows it, and
 * the apply does it (reading it again, so a stale preview never applies what no longer holds).
 * Checks no access: for the services of this folder, which have checked the actor.
 */

/**
 * - add: an account with that email, not a member: becomes one (with the row's groups and group creator flag);
 * - invite: no account: an invitation to the organization is emailed;
 * - update: a member already, who gets the row's missing groups or the group creator flag;
 * - unchanged: a member already, with all of that;
 * - alreadyInvited: no account, and a pending invitation to the organization already;
 * - error: the row's problem (its own, a duplicate email, or an unknown group).
 */
export type RowKind = 'add' | 'invite' | 'update' | 'unchanged' | 'alreadyInvited' | 'error'

export type PreviewProblem = RowProblem | 'DUPLICATE_ROW' | 'UNKNOWN_GROUP'

export interface PreviewRow {
  line: number
  email: string
  /** The account's name when there is one, else the row's. */
  name: string
  groups: string[]
  groupCreator: boolean
  kind: RowKind
  problem?: PreviewProblem
  /** UNKNOWN_GROUP: the names no group of the organization has. */
  unknownGroups?: string[]
  /** The row's groups the person is not in yet (add, update). */
  joins?: string[]
  /** The person becomes a group creator (add, update). */
  becomesGroupCreator?: boolean
  /** The row's groups that are created (only with "create missing groups"). */
  createsGroups?: string[]
  /** Internal: the account (add, update, unchanged). */
  userId?: string
}

export interface Preview {
  rows: PreviewRow[]
  counts: Record<RowKind, number>
  /** Groups the import creates (names as first written), with "create missing groups". */
  newGroups: string[]
}

const groupKey = (name: string) => name.trim().toLowerCase()

/** The organization's groups by lower-case name (the oldest of a name wins). */
export async function groupsByName(db: Ctx['db'], organizationId: string) {
  const rows = await db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const map = new Map<string, { id: string; name: string }>()
  for (const r of rows) if (!map.has(groupKey(r.name))) map.set(groupKey(r.name), r)
  return map
}

/** Classifies each row (in file order); `createMissingGroups` turns unknown groups into groups to create. */
export async function previewRows(ctx: Ctx, organizationId: string, rows: ImportRow[], createMissingGroups: boolean): Promise<Preview> {
  const emails = uniqueIds(rows.filter((r) => !r.problem).map((r) => r.email))
  const users = new Map<string, { id: string; name: string }>()
  const members = new Map<string, { groupCreator: boolean }>()
  const invited = new Set<string>()
  for (const part of batches(emails)) {
    const found = await ctx.db
      .selectFrom('users as u')
      .leftJoin('organization_members as m', (j) => j.onRef('m.user_id', '=', 'u.id').on('m.organization_id', '=', organizationId))
      .select(['u.id', 'u.email', 'u.name', 'm.user_id as member_id', 'm.is_group_creator'])
      .where('u.email', 'in', part)
      .execute()
    for (const u of found) {
      users.set(u.email.toLowerCase(), { id: u.id, name: u.name })
      if (u.member_id) members.set(u.id, { groupCreator: Number(u.is_group_creator) === 1 })
    }
    const pending = await ctx.db
      .selectFrom('invitations')
      .select('email')
      .where('organization_id', '=', organizationId)
      .where('group_id', 'is', null)
      .where('type', '=', 'email')
      .where('email', 'in', part)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('declined_at', 'is', null)
      .where('expires_at', '>', nowIso(ctx.now))
      .execute()
    for (const p of pending) if (p.email) invited.add(p.email)
  }

  const groups = await groupsByName(ctx.db, organizationId)
  // Group memberships of the accounts in the groups the file names: "groupId userId".
  // By user only (index group_members_user_group), filtered here: with the groups' ids in the query
  // too, SQLite probed every (group, user) pair, 10x the work at 1,000 groups.
  const wantedGroupIds = new Set(rows.flatMap((r) => r.groups.map((g) => groups.get(groupKey(g))?.id).filter((id): id is string => !!id)))
  const inGroup = new Set<string>()
  if (wantedGroupIds.size) {
    for (const part of batches([...users.values()].map((u) => u.id))) {
      const found = await ctx.db.selectFrom('group_members').select(['group_id', 'user_id']).where('user_id', 'in', part).execute()
      for (const m of found) if (wantedGroupIds.has(m.group_id)) inGroup.add(`${m.group_id} ${m.user_id}`)
    }
  }

  const seen = new Set<string>()
  const newGroups = new Map<string, string>()
  const out: PreviewRow[] = rows.map((row) => {
    const base = { line: row.line, email: row.email, name: row.name, groups: row.groups, groupCreator: row.groupCreator }
    if (row.problem) return { ...base, kind: 'error', problem: row.problem }
    if (seen.has(row.email)) return { ...base, kind: 'error', problem: 'DUPLICATE_ROW' }
    seen.add(row.email)
    const unknown = row.groups.filter((g) => !groups.has(groupKey(g)))
    if (unknown.length && !createMissingGroups) return { ...base, kind: 'error', problem: 'UNKNOWN_GROUP', unknownGroups: unknown }
    for (const g of unknown) if (!newGroups.has(groupKey(g))) newGroups.set(groupKey(g), g)
    const createsGroups = unknown.length ? { createsGroups: unknown } : {}
    const user = users.get(row.email)
    if (!user) return { ...base, ...createsGroups, kind: invited.has(row.email) ? 'alreadyInvited' : 'invite' }
    const member = members.get(user.id)
    const joins = row.groups.filter((g) => {
      const group = groups.get(groupKey(g))
      return !group || !inGroup.has(`${group.id} ${user.id}`)
    })
    const becomesGroupCreator = row.groupCreator && !member?.groupCreator
    const named = { ...base, ...createsGroups, name: user.name, userId: user.id, joins, becomesGroupCreator }
    if (!member) return { ...named, kind: 'add' }
    return { ...named, kind: joins.length || becomesGroupCreator ? 'update' : 'unchanged' }
  })
  const counts: Record<RowKind, number> = { add: 0, invite: 0, update: 0, unchanged: 0, alreadyInvited: 0, error: 0 }
  for (const r of out) counts[r.kind]++
  return { rows: out, counts, newGroups: [...newGroups.values()] }
}
