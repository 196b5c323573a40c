import { DomainError } from '~/errors'
import { queuedCutoff, RETENTION_QUEUE_DAYS, retentionDayOf, shiftDay } from '~/utils/retention-rules'
import { recordAudit } from '../audit.server'
import { lockOrganization } from '../bulk.server'
import type { Ctx } from '../context.server'
import { requireGroupAccess, type GroupAccess } from '../groups/group-access.server'
import type { RetentionInput } from './retention.schemas'

/**
 * A group's retention (gallring, docs/group-work.md "Retention"): how long it keeps its loops and
 * why. Every member reads it (the overview and the loop form show it); the owner and the
 * organization's admins change it, up to the organization's maximum, audited. Those who change it
 * also see what is "queued for removal": the loops the job removes within RETENTION_QUEUE_DAYS.
 */

export interface Retention {
  months: number
  purpose: string
  /** The organization's longest allowed period. */
  maxMonths: number
  /** Whether the actor may change it (the owner, an admin of the organization). */
  canChange: boolean
  /** Only for those who may change it: the loops removed within RETENTION_QUEUE_DAYS, and by which day (YYYY-MM-DD, Stockholm). */
  queued: { count: number; byDay: string } | null
}

/** Who may change a group's retention: its owner and its organization's admins (not leaders). */
export const canChangeRetention = (access: Pick<GroupAccess, 'role' | 'isOrgAdmin'>) => access.role === 'owner' || access.isOrgAdmin

async function settingsOf(db: Ctx['db'], groupId: string) {
  return db
    .selectFrom('groups as g')
    .innerJoin('organizations as o', 'o.id', 'g.organization_id')
    .select(['g.retention_months', 'g.retention_purpose', 'o.retention_max_months'])
    .where('g.id', '=', groupId)
    .executeTakeFirstOrThrow()
}

/** The loops of the group the job removes by the day RETENTION_QUEUE_DAYS from today (queuedCutoff). */
export async function queuedCount(db: Ctx['db'], groupId: string, months: number, now: Date) {
  const row = await db
    .selectFrom('loops')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('group_id', '=', groupId)
    .where('created_at', '<', queuedCutoff(months, now))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The group's retention as the actor may see it (anyone who sees the group; GROUP_NOT_FOUND else). */
export async function getRetention(ctx: Ctx, groupId: string): Promise<Retention> {
  const access = await requireGroupAccess(ctx, groupId)
  const row = await settingsOf(ctx.db, groupId)
  const canChange = canChangeRetention(access)
  const months = Number(row.retention_months)
  return {
    months,
    purpose: row.retention_purpose,
    maxMonths: Number(row.retention_max_months),
    canChange,
    queued: canChange
      ? {
          count: await queuedCount(ctx.db, groupId, months, ctx.now),
          byDay: shiftDay(retentionDayOf(ctx.now), 0, RETENTION_QUEUE_DAYS),
        }
      : null,
  }
}

/**
 * Sets the period and the purpose (the owner or an admin of the organization; FORBIDDEN for anyone
 * else who sees the group). A period over the organization's maximum is RETENTION_TOO_LONG. Audited
 * as group.retention with the old and the new period; setting what it has changes and audits nothing.
 * Allowed in an inactive group: its data is kept until its retention ends.
 */
export async function setRetention(ctx: Ctx, groupId: string, input: RetentionInput) {
  const first = await requireGroupAccess(ctx, groupId)
  if (!canChangeRetention(first)) throw new DomainError('FORBIDDEN')
  return ctx.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, first.group.organizationId)
    const access = await requireGroupAccess(ctx, groupId, trx)
    if (!canChangeRetention(access)) throw new DomainError('FORBIDDEN')
    const before = await settingsOf(trx, groupId)
    const max = Number(before.retention_max_months)
    if (input.months > max) throw new DomainError('RETENTION_TOO_LONG', { max })
    const from = Number(before.retention_months)
    if (from === input.months && before.retention_purpose === input.purpose) return { months: from, purpose: input.purpose, changed: false }
    await trx
      .updateTable('groups')
      .set({ retention_months: input.months, retention_purpose: input.purpose })
      .where('id', '=', groupId)
      .execute()
    await recordAudit(
      { ...ctx, db: trx },
      {
        organizationId: access.group.organizationId,
        action: 'group.retention',
        items: [groupId],
        result: { SUCCESS: 1, groupId, from, to: input.months, purposeChanged: before.retention_purpose !== input.purpose },
      },
    )
    return { months: input.months, purpose: input.purpose, changed: true }
  })
}
