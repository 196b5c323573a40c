import { batches } from '~/db/batches'
import type { AuditEntryTarget, AuditTarget, TargetName } from '../audit-actions'
import type { Ctx } from '../context.server'

/*
 * What each audit entry is about, by name (the audit log's "Target" column and its CSV,
 * audit-log.server.ts). Only the organization's own groups, invitations and directory tokens, and
 * its present and past members, are named. Each kind names its target:
 * - people by name; a change of a group's member also names the group (`within`);
 * - "left a group" names the group, not the person who left (they are the actor);
 * - an invitation says whom it was for and to what (an address, or an open code; the organization
 *   as a member or a group creator, or a group); "used an invitation code" names what was joined;
 * - what is gone since (a deleted group) by the name the entry recorded (`result.names`, id → name).
 */

export interface TargetSource {
  action: string
  kind: AuditTarget | null
  items: string[]
  result: Record<string, unknown>
}

type InvitationRow = { email: string | null; groupId: string | null; groupCreator: boolean }

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** The ids an entry is about: "left a group" is about the group its result names. */
function targetIds(source: TargetSource): string[] {
  const groupId = stringOf(source.result.groupId)
  if (source.action === 'group.member.leave' && groupId) return [groupId]
  return source.items
}

/** The kind of what targetIds names. */
const targetKind = (source: TargetSource): AuditTarget | null =>
  source.action === 'group.member.leave' && stringOf(source.result.groupId) ? 'group' : source.kind

/**
 * Whether an entry's people were all the organization's members when it was recorded, so that one
 * who has left since (a past member) is named: every entry but one of a bulk action recorded before
 * its items were limited to the organization's (issue 33), which may hold the id of someone who
 * never was (its tally has MEMBER_NOT_FOUND, and no `notRecorded` count of the ids left out).
 * There, only present members are named.
 */
const mayNamePast = (result: Record<string, unknown>) => !('MEMBER_NOT_FOUND' in result) || typeof result.notRecorded === 'number'

/** Each entry's target, its first `namesPerEntry` items named, with a few queries for all of them. */
export async function auditTargets(ctx: Ctx, organizationId: string, sources: TargetSource[], namesPerEntry: number) {
  const ids: Record<AuditTarget, Set<string>> = {
    user: new Set(),
    group: new Set(),
    invitation: new Set(),
    token: new Set(),
    organization: new Set(),
  }
  for (const source of sources) {
    const kind = targetKind(source)
    if (kind && kind !== 'organization') for (const id of targetIds(source).slice(0, namesPerEntry)) ids[kind].add(id)
    const groupId = stringOf(source.result.groupId)
    if (groupId) ids.group.add(groupId)
  }
  const invitations = await invitationsOf(ctx, organizationId, ids.invitation)
  for (const invitation of invitations.values()) if (invitation.groupId) ids.group.add(invitation.groupId)
  const names = await namesOf(ctx, organizationId, ids)
  return sources.map((source): AuditEntryTarget => {
    const kind = targetKind(source)
    const targets = targetIds(source)
    const recorded = (source.result.names ?? {}) as Record<string, unknown>
    const past = kind === 'user' && mayNamePast(source.result)
    const groupId = stringOf(source.result.groupId)
    const groupName = (id: string | null | undefined) => (id ? (names.get(`group:${id}`) ?? null) : null)
    const nameOf = (id: string): TargetName[] => {
      if (kind === 'invitation') {
        const row = invitations.get(id)
        if (!row && !(source.action === 'invitation.redeem' && groupId && groupName(groupId))) return []
        const joined = source.action === 'invitation.redeem'
        return [
          {
            email: joined ? null : (row?.email ?? null),
            group: groupName(row?.groupId ?? groupId),
            groupCreator: row?.groupCreator ?? false,
            joined,
          },
        ]
      }
      const name = names.get(`${kind}:${id}`) ?? (past ? names.get(`pastUser:${id}`) : undefined) ?? stringOf(recorded[id])
      return name === undefined ? [] : [name]
    }
    const named = kind && kind !== 'organization' ? targets.slice(0, namesPerEntry).flatMap(nameOf) : []
    const within = kind === 'user' && groupId ? groupName(groupId) : null
    return { kind, names: named, count: targets.length, ...(within ? { within } : {}) }
  })
}

/** The organization's invitations of these ids: address, group and group-creator flag. */
async function invitationsOf(ctx: Ctx, organizationId: string, ids: Set<string>) {
  const found = new Map<string, InvitationRow>()
  for (const chunk of batches(ids)) {
    const rows = await ctx.db
      .selectFrom('invitations')
      .select(['id', 'email', 'group_id', 'group_creator'])
      .where('id', 'in', chunk)
      .where('organization_id', '=', organizationId)
      .execute()
    for (const r of rows) found.set(r.id, { email: r.email, groupId: r.group_id, groupCreator: r.group_creator === 1 })
  }
  return found
}

/**
 * The names of the items, by kind, of the organization's own groups and tokens, and of people:
 * `user:<id>` for its present members, `pastUser:<id>` for anyone else, whom an entry names only
 * where it recorded them as the organization's (mayNamePast).
 */
export async function namesOf(ctx: Ctx, organizationId: string, ids: Record<AuditTarget, Set<string>>) {
  const names = new Map<string, string>()
  for (const chunk of batches(ids.user)) {
    const rows = await ctx.db
      .selectFrom('users as u')
      .leftJoin('organization_members as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.organization_id', '=', organizationId))
      .select(['u.id', 'u.name', 'm.user_id as memberId'])
      .where('u.id', 'in', chunk)
      .execute()
    for (const r of rows) names.set(`${r.memberId ? 'user' : 'pastUser'}:${r.id}`, r.name)
  }
  for (const chunk of batches(ids.group)) {
    const rows = await ctx.db
      .selectFrom('groups')
      .select(['id', 'name'])
      .where('id', 'in', chunk)
      .where('organization_id', '=', organizationId)
      .execute()
    for (const r of rows) names.set(`group:${r.id}`, r.name)
  }
  for (const chunk of batches(ids.token)) {
    const rows = await ctx.db
      .selectFrom('directory_tokens')
      .select(['id', 'name'])
      .where('id', 'in', chunk)
      .where('organization_id', '=', organizationId)
      .execute()
    for (const r of rows) names.set(`token:${r.id}`, r.name)
  }
  return names
}
