import { sql } from 'kysely'
import { invitationEmail } from '~/mail/invitation-mail.server'
import { enqueueMails } from '~/mail/outbox.server'
import { addSeconds, newId, nowIso } from '~/utils/ids.server'
import { requireActiveOrganization, requireActiveOrgAdmin } from '../access.server'
import { recordAudit } from '../audit.server'
import { lockOrganization, type Tx } from '../bulk.server'
import { actorOf, type Ctx } from '../context.server'
import { codeHashes, generateCode } from '../invitations/invitation-codes.server'
import { INVITATION_TTL_SECONDS } from '../invitations/invitations.server'
import type { ImportRow } from './parse.server'
import { groupsByName, previewRows, type PreviewProblem, type PreviewRow } from './preview.server'
import { batches } from '~/db/batches'
import { defaultRetentionMonths } from '~/services/organizations/retention-policy.server'

/*
 * Applying import rows (a file's, or the addresses of "add people by email"): what previewRows
 * says, read again now. Existing accounts become members at once (role member, with the row's
 * group creator flag) and join the row's groups; people without an account get an emailed
 * invitation to the organization (group creator as the row says) that carries the row's groups,
 * joined when it is accepted. Nothing is ever taken away:
 * a member already in the row's groups and flags is left as they are, a pending invitation is not
 * sent again, so applying the same rows twice changes nothing the second time.
 */

export type RowOutcome = 'ADDED' | 'INVITED' | 'UPDATED' | 'UNCHANGED' | 'ALREADY_INVITED' | PreviewProblem

export interface RowResult {
  line: number
  email: string
  name: string
  result: RowOutcome
  /** Groups the person joined (ADDED, UPDATED). */
  joined?: string[]
  /** UNKNOWN_GROUP: the names no group of the organization has. */
  unknownGroups?: string[]
}

/** Rows written per transaction: short transactions, so other requests are not held up for long. */
const BATCH = 500

const groupKey = (name: string) => name.trim().toLowerCase()

function outcomeOf(row: PreviewRow): RowOutcome {
  switch (row.kind) {
    case 'add':
      return 'ADDED'
    case 'invite':
      return 'INVITED'
    case 'update':
      return 'UPDATED'
    case 'unchanged':
      return 'UNCHANGED'
    case 'alreadyInvited':
      return 'ALREADY_INVITED'
    default:
      return row.problem!
  }
}

/** Creates the groups the rows name that the organization lacks, owned by the acting admin. */
async function createGroups(trx: Tx, ctx: Ctx, organizationId: string, names: string[], now: string) {
  const actor = actorOf(ctx)
  for (const name of names) {
    const id = newId()
    await trx
      .insertInto('groups')
      .values({
        id,
        organization_id: organizationId,
        name,
        kind: 'standard',
        owner_id: actor.id,
        active: 1,
        member_count: 1,
        latest_activity_at: null,
        created_at: now,
        retention_months: await defaultRetentionMonths(trx, organizationId),
      })
      .execute()
    await trx.insertInto('group_members').values({ group_id: id, user_id: actor.id, role: 'owner', created_at: now }).execute()
  }
}

/** The memberships of one batch of add/update rows, and their groups. Returns the touched group ids. */
async function writeMemberships(trx: Tx, organizationId: string, rows: PreviewRow[], groups: Map<string, { id: string }>, now: string) {
  const adds = rows.filter((r) => r.kind === 'add')
  if (adds.length) {
    await trx
      .insertInto('organization_members')
      .values(
        adds.map((r) => ({
          organization_id: organizationId,
          user_id: r.userId!,
          role: 'member' as const,
          is_group_creator: r.groupCreator ? 1 : 0,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
      .execute()
  }
  const creators = rows.filter((r) => r.kind === 'update' && r.becomesGroupCreator).map((r) => r.userId!)
  if (creators.length) {
    await trx
      .updateTable('organization_members')
      .set({ is_group_creator: 1 })
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', creators)
      .execute()
  }
  const joins = rows.flatMap((r) =>
    (r.joins ?? []).map((g) => ({ group_id: groups.get(groupKey(g))!.id, user_id: r.userId!, role: 'member' as const, created_at: now })),
  )
  for (const part of batches(joins, 200)) {
    await trx
      .insertInto('group_members')
      .values(part)
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute()
  }
  return new Set(joins.map((j) => j.group_id))
}

/** Codes no invitation has (under any secret), one per row, checked with one query per batch. */
async function freshCodes(trx: Tx, count: number) {
  const codes: { code: string; codeHash: string }[] = []
  for (let attempt = 0; codes.length < count; attempt++) {
    if (attempt > 5) throw new Error('Could not find free invitation codes')
    const candidates = Array.from({ length: count - codes.length }, () => {
      const code = generateCode()
      return { code, hashes: codeHashes(code) }
    })
    const taken = new Set(
      (
        await trx
          .selectFrom('invitations')
          .select('code_hash')
          .where(
            'code_hash',
            'in',
            candidates.flatMap((c) => c.hashes),
          )
          .execute()
      ).map((r) => r.code_hash),
    )
    const mine = new Set(codes.map((c) => c.codeHash))
    for (const c of candidates) {
      if (c.hashes.some((h) => taken.has(h)) || mine.has(c.hashes[0])) continue
      mine.add(c.hashes[0])
      codes.push({ code: c.code, codeHash: c.hashes[0] })
    }
  }
  return codes
}

/**
 * One batch of invitations to the organization, each emailed (through the outbox, in the same
 * transaction), each carrying its row's groups (joined when it is accepted, migration 041) and
 * group creator flag.
 */
async function writeInvitations(
  trx: Tx,
  ctx: Ctx,
  organization: { id: string; name: string },
  rows: PreviewRow[],
  groups: Map<string, { id: string }>,
  now: Date,
) {
  const actor = actorOf(ctx)
  const codes = await freshCodes(trx, rows.length)
  const expiresAt = addSeconds(now, INVITATION_TTL_SECONDS).toISOString()
  const invitations = rows.map((row, i) => ({
    id: newId(),
    organization_id: organization.id,
    group_id: null,
    type: 'email' as const,
    email: row.email,
    group_creator: row.groupCreator ? 1 : 0,
    code_hash: codes[i].codeHash,
    created_by: actor.id,
    created_at: nowIso(now),
    expires_at: expiresAt,
    used_at: null,
  }))
  await trx.insertInto('invitations').values(invitations).execute()
  const carried = rows.flatMap((row, i) => {
    const ids = new Set(row.groups.map((g) => groups.get(groupKey(g))?.id).filter((id): id is string => !!id))
    return [...ids].map((group_id) => ({ invitation_id: invitations[i].id, group_id }))
  })
  for (const part of batches(carried, 200)) await trx.insertInto('invitation_groups').values(part).execute()
  await enqueueMails(
    trx,
    rows.map((row, i) =>
      invitationEmail({
        to: row.email,
        // No account: no name to greet, and no inbox to point to (invitation-mail.server.ts).
        name: null,
        locale: actor.locale,
        timezone: actor.timezone,
        kind: row.groupCreator ? 'groupCreator' : 'organization',
        organization: organization.name,
        inviter: actor.name,
        code: codes[i].code,
        expiresAt,
      }),
    ),
    now,
  )
  return invitations.map((r) => r.id)
}

/**
 * Applies the rows: a result per row, in their order. Admins of an active organization only
 * (ORGANIZATION_NOT_FOUND, ORGANIZATION_INACTIVE). One audit entry (`audit.action`) records the
 * counts per outcome, the accounts added or changed and the invitations sent.
 */
export async function applyRows(
  ctx: Ctx,
  organizationId: string,
  rows: ImportRow[],
  options: { createMissingGroups: boolean; auditAction: 'members.import' | 'members.addByEmail'; fileName?: string },
): Promise<RowResult[]> {
  const organization = await requireActiveOrgAdmin(ctx, organizationId)
  const preview = await previewRows(ctx, organizationId, rows, options.createMissingGroups)
  const now = nowIso(ctx.now)
  const toWrite = preview.rows.filter((r) => r.kind === 'add' || r.kind === 'update')
  const toInvite = preview.rows.filter((r) => r.kind === 'invite')
  const touched = new Set<string>()
  let groups = await groupsByName(ctx.db, organizationId)
  if (preview.newGroups.length) {
    await ctx.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationId)
      await requireActiveOrganization(trx, organizationId)
      // Created by a concurrent import meanwhile: not twice.
      const existing = await groupsByName(trx, organizationId)
      await createGroups(
        trx,
        ctx,
        organizationId,
        preview.newGroups.filter((g) => !existing.has(groupKey(g))),
        now,
      )
    })
    groups = await groupsByName(ctx.db, organizationId)
  }
  for (const part of batches(toWrite, BATCH)) {
    await ctx.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationId)
      await requireActiveOrganization(trx, organizationId)
      for (const id of await writeMemberships(trx, organizationId, part, groups, now)) touched.add(id)
    })
  }
  if (touched.size) {
    // Each touched group's count, once, from its rows (concurrent writers cannot make it drift).
    await ctx.db
      .updateTable('groups')
      .set({ member_count: sql`(select count(*) from group_members gm where gm.group_id = groups.id)` })
      .where('id', 'in', [...touched])
      .execute()
  }
  const invitationIds: string[] = []
  for (const part of batches(toInvite, 200)) {
    await ctx.db.transaction().execute(async (trx) => {
      await requireActiveOrganization(trx, organizationId)
      invitationIds.push(...(await writeInvitations(trx, ctx, organization, part, groups, ctx.now)))
    })
  }
  const results: RowResult[] = preview.rows.map((r) => ({
    line: r.line,
    email: r.email,
    name: r.name,
    result: outcomeOf(r),
    ...(r.joins?.length && (r.kind === 'add' || r.kind === 'update') ? { joined: r.joins } : {}),
    ...(r.unknownGroups ? { unknownGroups: r.unknownGroups } : {}),
  }))
  const counts: Record<string, number> = {}
  for (const r of results) counts[r.result] = (counts[r.result] ?? 0) + 1
  await recordAudit(ctx, {
    organizationId,
    action: options.auditAction,
    items: [...toWrite.map((r) => r.userId!), ...invitationIds],
    result: {
      ...counts,
      ...(preview.newGroups.length ? { groupsCreated: preview.newGroups.length } : {}),
      ...(options.fileName ? { fileName: options.fileName } : {}),
    },
  })
  return results
}
