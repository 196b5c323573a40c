import { sql } from 'kysely'
import { DomainError } from '~/errors'
import { startAudit, updateAudit } from '../audit.server'
import type { Ctx } from '../context.server'
import { loopVisibility, requireGroupWork, type GroupWork } from './group-work-access.server'
import { tagNamesOf } from './loop-lists.server'
import type { LoopExportFormat } from '~/utils/group-work-limits'

/**
 * A group's loops as rows of a spreadsheet (docs/group-work.md "Export"): for the owner and the
 * leaders only (the roles that see every loop of the group: `reports.view_others`, not a
 * subscriber); oldest first, read in keyset batches of LOOP_EXPORT_BATCH, so an export of any size
 * holds one batch. Audited in the organization's log as `group.loops.export` (who, which group,
 * the format, whether with text, and how many rows once the last is read).
 */

export const LOOP_EXPORT_BATCH = 1000

export interface LoopExportRow {
  task: string | null
  author: string
  created: string
  emotion: number
  tags: string[]
  approved: boolean
  comments: number
  /** The loop's text, when the export asked for it. */
  text: string | null
}

/** Owner and leader: every loop of the group. A member, a subscriber and an admin outside the group may not export. */
const mayExport = (work: GroupWork) => work.sees === 'all'

/** The group's loops as the export reads them; GROUP_NOT_FOUND for who does not see the group, FORBIDDEN for who may not export. */
export async function loopExport(ctx: Ctx, groupId: string, options: { format: LoopExportFormat; withText: boolean }) {
  const work = await requireGroupWork(ctx, groupId)
  if (!mayExport(work)) throw new DomainError('FORBIDDEN')
  const group = work.access.group
  const settings = { format: options.format, text: options.withText }
  const auditId = await startAudit(ctx, {
    organizationId: group.organizationId,
    action: 'group.loops.export',
    items: [group.id],
    result: settings,
  })
  let rows = 0
  async function* batches(): AsyncGenerator<LoopExportRow[]> {
    let after: { created: string; id: string } | null = null
    let finished = false
    try {
      for (;;) {
        const batch = await loopsAfter(ctx, work, after, options.withText)
        if (batch.length === 0) break
        rows += batch.length
        const last = batch[batch.length - 1]
        after = { created: last.created, id: last.id }
        yield batch.map(({ id: _id, ...row }) => row)
        if (batch.length < LOOP_EXPORT_BATCH) break
      }
      finished = true
    } finally {
      // A download the client stopped stays "unfinished" in the log, with the rows sent so far.
      await updateAudit(ctx.db, auditId, { ...settings, rows }, finished ? 'done' : 'started')
    }
  }
  return { groupName: group.name, batches: batches() }
}

async function loopsAfter(ctx: Ctx, work: GroupWork, after: { created: string; id: string } | null, withText: boolean) {
  let query = ctx.db
    .selectFrom('loops')
    .innerJoin('users', 'users.id', 'loops.author_id')
    .leftJoin('group_tasks as task', 'task.id', 'loops.task_id')
    .select([
      'loops.id',
      'loops.created_at',
      'loops.emotion',
      'loops.comment_count',
      'loops.approved_at',
      'users.name as author',
      'task.title as task',
      withText ? 'loops.text' : sql<string | null>`null`.as('text'),
    ])
    .where(loopVisibility(work))
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('loops.created_at', '>', after.created),
        eb.and([eb('loops.created_at', '=', after.created), eb('loops.id', '>', after.id)]),
      ]),
    )
  const loops = await query.orderBy('loops.created_at').orderBy('loops.id').limit(LOOP_EXPORT_BATCH).execute()
  const tagsOf = await tagNamesOf(
    ctx.db,
    loops.map((l) => l.id),
  )
  return loops.map((l) => ({
    id: l.id,
    task: l.task,
    author: l.author,
    created: l.created_at,
    emotion: Number(l.emotion),
    tags: tagsOf.get(l.id) ?? [],
    approved: l.approved_at !== null,
    comments: Number(l.comment_count),
    text: withText ? (l.text ?? '') : null,
  }))
}
