import { sql, type Expression, type SqlBool } from 'kysely'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { actorOf, type Ctx } from '../context.server'
import { requireGroupAccess, type GroupAccess } from '../groups/group-access.server'
import { rightsOf } from '../groups/group-roles'

/**
 * Who may do what with a group's work (tasks, tags, loops, feedback), read from the role table
 * (groups/group-roles.ts) and decided here only; docs/group-roles.md has the table in words.
 * Every list, count, page, photo, notice and API answer of a loop asks `loopVisibility`.
 */
export interface GroupWork {
  access: GroupAccess
  actorId: string
  /** Whose loops the actor sees: every member's, the members they follow (a subscriber), their own, or none (an admin outside the group). */
  sees: 'all' | 'followed' | 'own' | 'none'
  can: {
    /** Write loops on tasks (reports), and free loops where the group allows them. */
    sendLoops: boolean
    /** Add, edit, reorder, publish and delete tasks, and the group's tags. */
    editTasks: boolean
    /** Comment on others' loops and approve reports: the viewers who take part (owner, leader). */
    giveFeedback: boolean
    /** Choose whom the group's subscribers follow. */
    manageFollows: boolean
  }
  /** Whether the group takes free loops (loops with no task). */
  freeLoops: boolean
  /** Whether the owner lets members see the anonymous class view of the insight (groups.class_insight). */
  classInsight: boolean
}

/** The group's work as the actor may see it, or GROUP_NOT_FOUND. `db` may be a transaction. */
export async function requireGroupWork(ctx: Ctx, groupId: string, db: DB = ctx.db): Promise<GroupWork> {
  const actor = actorOf(ctx)
  const access = await requireGroupAccess(ctx, groupId, db)
  const group = await db.selectFrom('groups').select(['free_loops', 'class_insight']).where('id', '=', groupId).executeTakeFirstOrThrow()
  const rights = access.role ? rightsOf(access.role) : null
  const permissions = rights?.permissions
  const viewsOthers = Boolean(permissions?.['reports.view_others'])
  const sees: GroupWork['sees'] = !rights ? 'none' : rights.isSubscriber ? 'followed' : viewsOthers ? 'all' : 'own'
  return {
    access,
    actorId: actor.id,
    sees,
    can: {
      sendLoops: Boolean(permissions?.['reports.send']) && access.group.active,
      editTasks: Boolean(permissions?.['tasks.create'] || permissions?.['tasks.edit']),
      giveFeedback: sees === 'all',
      manageFollows: Boolean(rights?.manageMembers),
    },
    freeLoops: Number(group.free_loops) === 1,
    classInsight: Number(group.class_insight) === 1,
  }
}

/** The group's work if the actor's role may `right`; FORBIDDEN for someone who sees the group without it. */
export async function requireGroupWorkRight(ctx: Ctx, groupId: string, right: keyof GroupWork['can'], db: DB = ctx.db) {
  const work = await requireGroupWork(ctx, groupId, db)
  if (!work.can[right]) throw new DomainError('FORBIDDEN')
  return work
}

/**
 * The condition "the actor may see this loop", on the loops table under `alias`: the one rule for
 * every query of loops (and, through their loop, of comments, photos and tags).
 * - owner, leader: every loop of the group;
 * - subscriber: the loops of the members they follow (and their own, should they have any);
 * - member: their own;
 * - an organization admin outside the group: none (they see counts, never loops).
 */
export function loopVisibility(work: GroupWork, alias = 'loops'): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`)
  const groupId = work.access.group.id
  const inGroup = sql<SqlBool>`${column('group_id')} = ${groupId}`
  switch (work.sees) {
    case 'all':
      return inGroup
    case 'followed':
      return sql<SqlBool>`${inGroup} and (${column('author_id')} = ${work.actorId} or ${column('author_id')} in (select f.member_id from group_follows f where f.group_id = ${groupId} and f.subscriber_id = ${work.actorId}))`
    case 'own':
      return sql<SqlBool>`${inGroup} and ${column('author_id')} = ${work.actorId}`
    case 'none':
      return sql<SqlBool>`1 = 0`
  }
}

/**
 * The condition "the actor may count this loop" (a task's or a tag's number of loops): the loops
 * they see, and for an organization admin outside the group every loop of it, counted, never shown
 * (docs/group-roles.md: the admin sees tasks, tags and counts, never a loop). A member counts their
 * own loops only, so no number tells them of another's.
 */
export function loopCountScope(work: GroupWork, alias = 'loops'): Expression<SqlBool> {
  if (work.sees === 'none' && work.access.isOrgAdmin) return sql<SqlBool>`${sql.ref(`${alias}.group_id`)} = ${work.access.group.id}`
  return loopVisibility(work, alias)
}

/**
 * Who reads a group's insight (docs/group-roles.md "Insight"): owners and leaders about every
 * member, named; a subscriber about the members they follow, named; an organization admin outside
 * the group the numbers without names (`named` false: no member rows, no names). A plain member
 * reads their own insight and, when the owner has switched it on, the anonymous class view
 * (`classViewScope`), never this: FORBIDDEN.
 */
export function insightViewer(work: GroupWork): { named: boolean } {
  if (work.sees === 'all' || work.sees === 'followed') return { named: true }
  if (work.sees === 'none' && work.access.isOrgAdmin) return { named: false }
  throw new DomainError('FORBIDDEN')
}

/**
 * The condition of the anonymous class view: every loop of the group, counted without names, for
 * anyone in the group while its owner has switched the view on (groups.class_insight); else none.
 */
export function classViewScope(work: GroupWork, alias = 'loops'): Expression<SqlBool> {
  if (!work.classInsight || !work.access.role) return sql<SqlBool>`1 = 0`
  return sql<SqlBool>`${sql.ref(`${alias}.group_id`)} = ${work.access.group.id}`
}

/**
 * The condition "the actor may see this task", on group_tasks under `alias`: those who edit tasks
 * and an organization admin outside the group see every task, drafts too; anyone else the tasks
 * published for their role by `now`.
 */
export function taskVisibility(work: GroupWork, now: Date, alias = 'group_tasks'): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${alias}.${name}`)
  const inGroup = sql<SqlBool>`${column('group_id')} = ${work.access.group.id}`
  if (work.can.editTasks || !work.access.role) return inGroup
  return sql<SqlBool>`${inGroup} and ${column('published_at')} is not null and ${column('published_at')} <= ${now.toISOString()} and exists (select 1 from group_task_roles r where r.task_id = ${column('id')} and r.role = ${work.access.role})`
}
