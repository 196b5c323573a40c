import { sql } from 'kysely'
import type { DB } from '~/db/db.server'
import { nowIso } from '~/utils/ids.server'
import {
  queuedCutoff,
  RETENTION_MONTHS,
  RETENTION_QUEUE_DAYS,
  retentionCutoff,
  retentionDayOf,
  retentionMonthOf,
  shiftDay,
} from '~/utils/retention-rules'
import { createAlert } from '../alerts/alerts.server'
import { recordAudit } from '../audit.server'
import { queuedCount } from './retention.server'

/**
 * The retention job (gallring, docs/group-work.md "Retention", docs/operations.md): run with
 * housekeeping by every process, idempotent.
 *
 * - Removes the loops older than their group's period (retentionCutoff: Stockholm days), with their
 *   comments, photos, tags and read marks (the foreign keys cascade), in small batches, each its
 *   own short transaction: a batch is chosen, then deleted with RETURNING, and only what that
 *   delete returned is counted, so two processes on the same batch never count a loop twice. The
 *   batch adapts to stay well under RETENTION_BATCH_TARGET_MS of write lock.
 * - Keeps counts for statistics in `loop_counts` (group, task, month: loops, comments, the sum of
 *   the emotional values), never text or names, and one audit entry per organization and pass
 *   (`retention.removed`: the groups and how many loops, comments and photos went).
 * - Tells each owner once new loops enter the RETENTION_QUEUE_DAYS window: the group's
 *   `retention_noticed_until` is moved by a conditional update (one process wins) and the owner's
 *   `group.retention.queued` notice of the last week is updated, else one is written.
 */

export const RETENTION_BATCH_TARGET_MS = 20
const BATCH_MIN = 10
const BATCH_MAX = 250
const NOTICE_GATHER_MS = 7 * 86_400_000

export interface RetentionPass {
  loops: number
  comments: number
  photos: number
  notices: number
}

export interface RetentionOptions {
  /** The first batch's size (it then adapts to the time each batch takes). */
  batchSize?: number
  /**
   * Called after each batch (the bench) with its transaction's duration in milliseconds, the loops
   * it removed and this process's CPU time in it (on a busy machine the wall time includes waiting
   * for a core).
   */
  onBatch?: (ms: number, loops: number, cpuMs: number) => void
}

interface Removed {
  group_id: string
  task_id: string | null
  created_at: string
  comment_count: number
  photo_count: number
  emotion: number
}

/** Deletes the loops (RETURNING what it deleted) and adds them to loop_counts, in one transaction. */
async function removeBatch(db: DB, ids: string[]): Promise<Removed[]> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('loops')
      .where('id', 'in', ids)
      .returning(['group_id', 'task_id', 'created_at', 'comment_count', 'photo_count', 'emotion'])
      .execute()
    const counts = new Map<
      string,
      { group_id: string; task_key: string; month: string; loops: number; comments: number; emotion_sum: number }
    >()
    for (const loop of removed) {
      const row = { group_id: loop.group_id, task_key: loop.task_id ?? '', month: retentionMonthOf(loop.created_at) }
      const key = `${row.group_id}\u0000${row.task_key}\u0000${row.month}`
      const sum = counts.get(key) ?? { ...row, loops: 0, comments: 0, emotion_sum: 0 }
      sum.loops += 1
      sum.comments += Number(loop.comment_count)
      sum.emotion_sum += Number(loop.emotion)
      counts.set(key, sum)
    }
    for (const row of counts.values())
      await trx
        .insertInto('loop_counts')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['group_id', 'task_key', 'month']).doUpdateSet({
            loops: sql`loop_counts.loops + ${row.loops}`,
            comments: sql`loop_counts.comments + ${row.comments}`,
            emotion_sum: sql`loop_counts.emotion_sum + ${row.emotion_sum}`,
          }),
        )
        .execute()
    return removed as Removed[]
  })
}

/** Removes every expired loop at `now`; returns the totals and, per group, what went. */
async function removeExpired(db: DB, now: Date, opts: RetentionOptions) {
  let size = opts.batchSize ?? 200
  const perGroup = new Map<string, { loops: number; comments: number; photos: number }>()
  for (const months of RETENTION_MONTHS) {
    const cutoff = retentionCutoff(months, now)
    const groups = await db
      .selectFrom('groups as g')
      .select('g.id')
      .where('g.retention_months', '=', months)
      .where((eb) =>
        eb.exists(eb.selectFrom('loops as l').select('l.id').whereRef('l.group_id', '=', 'g.id').where('l.created_at', '<', cutoff)),
      )
      .execute()
    for (const { id: groupId } of groups) {
      // Oldest first along loops_group_created, each batch starting where the last ended: PostgreSQL
      // keeps the deleted rows in the index until vacuum, and a scan from the start would walk them.
      let from = ''
      for (;;) {
        const rows = await db
          .selectFrom('loops')
          .select(['id', 'created_at'])
          .where('group_id', '=', groupId)
          .where('created_at', '<', cutoff)
          .where('created_at', '>=', from)
          .orderBy('created_at')
          .orderBy('id')
          .limit(size)
          .execute()
        if (rows.length === 0) break
        from = rows[rows.length - 1].created_at
        const started = performance.now()
        const cpu = process.cpuUsage()
        const removed = await removeBatch(
          db,
          rows.map((r) => r.id),
        )
        const ms = performance.now() - started
        const used = process.cpuUsage(cpu)
        opts.onBatch?.(ms, removed.length, (used.user + used.system) / 1000)
        for (const loop of removed) {
          const sum = perGroup.get(loop.group_id) ?? { loops: 0, comments: 0, photos: 0 }
          sum.loops += 1
          sum.comments += Number(loop.comment_count)
          sum.photos += Number(loop.photo_count)
          perGroup.set(loop.group_id, sum)
        }
        // Aim at half the target: halve a batch that took longer, grow one that took much less.
        if (ms > RETENTION_BATCH_TARGET_MS) size = Math.max(BATCH_MIN, Math.floor(size / 2))
        else if (ms < RETENTION_BATCH_TARGET_MS / 4) size = Math.min(BATCH_MAX, size * 2)
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
  }
  return perGroup
}

/** One audit entry per organization: the groups whose loops went, and the counts (no actor: the job). */
async function auditRemovals(db: DB, now: Date, perGroup: Map<string, { loops: number; comments: number; photos: number }>) {
  if (perGroup.size === 0) return
  const groups = await db
    .selectFrom('groups')
    .select(['id', 'organization_id'])
    .where('id', 'in', [...perGroup.keys()])
    .execute()
  const byOrg = new Map<string, string[]>()
  for (const g of groups) byOrg.set(g.organization_id, [...(byOrg.get(g.organization_id) ?? []), g.id])
  for (const [organizationId, ids] of byOrg) {
    const total = { loops: 0, comments: 0, photos: 0 }
    for (const id of ids) for (const k of ['loops', 'comments', 'photos'] as const) total[k] += perGroup.get(id)![k]
    await recordAudit(
      { db, actor: null, now, client: 'retention' },
      { organizationId, action: 'retention.removed', items: ids, result: { SUCCESS: ids.length, ...total } },
    )
  }
}

/** Tells owners of loops newly queued for removal (see the module's comment); returns the notices written or updated. */
async function noticeQueued(db: DB, now: Date) {
  let notices = 0
  const at = nowIso(now)
  const byDay = shiftDay(retentionDayOf(now), 0, RETENTION_QUEUE_DAYS)
  for (const months of RETENTION_MONTHS) {
    const until = queuedCutoff(months, now)
    const groups = await db
      .selectFrom('groups as g')
      .select(['g.id', 'g.name', 'g.owner_id', 'g.organization_id'])
      .where('g.retention_months', '=', months)
      .where((eb) => eb.or([eb('g.retention_noticed_until', 'is', null), eb('g.retention_noticed_until', '<', until)]))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('loops as l')
            .select('l.id')
            .whereRef('l.group_id', '=', 'g.id')
            .where('l.created_at', '<', until)
            .where((w) => w.or([w('g.retention_noticed_until', 'is', null), w('l.created_at', '>=', w.ref('g.retention_noticed_until'))])),
        ),
      )
      .execute()
    for (const group of groups) {
      notices += await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('groups')
          .set({ retention_noticed_until: until })
          .where('id', '=', group.id)
          .where('retention_months', '=', months)
          .where((eb) => eb.or([eb('retention_noticed_until', 'is', null), eb('retention_noticed_until', '<', until)]))
          .executeTakeFirst()
        if (Number(claimed.numUpdatedRows) !== 1) return 0
        const count = await queuedCount(trx, group.id, months, now)
        const data = { groupId: group.id, groupName: group.name, count, byDay }
        const earlier = await trx
          .selectFrom('alerts')
          .select('id')
          .where('user_id', '=', group.owner_id)
          .where('template', '=', 'group.retention.queued')
          .where('target_type', '=', 'group')
          .where('target_id', '=', group.id)
          .where('created_at', '>=', nowIso(new Date(now.getTime() - NOTICE_GATHER_MS)))
          .executeTakeFirst()
        if (earlier) {
          await trx
            .updateTable('alerts')
            .set({ created_at: at, data: JSON.stringify(data) })
            .where('id', '=', earlier.id)
            .execute()
          return 1
        }
        return createAlert(
          trx,
          {
            userId: group.owner_id,
            template: 'group.retention.queued',
            target: { type: 'group', id: group.id },
            organizationId: group.organization_id,
            data,
          },
          now,
        )
      })
    }
  }
  return notices
}

/** One pass of the job at `now`: removes what expired, then tells owners what is queued. */
export async function runRetention(db: DB, now: Date, opts: RetentionOptions = {}): Promise<RetentionPass> {
  const perGroup = await removeExpired(db, now, opts)
  await auditRemovals(db, now, perGroup)
  const totals = { loops: 0, comments: 0, photos: 0 }
  for (const sum of perGroup.values()) for (const k of ['loops', 'comments', 'photos'] as const) totals[k] += sum[k]
  return { ...totals, notices: await noticeQueued(db, now) }
}
