import { sql } from 'kysely'
import { folded, searchPattern } from '~/db/collation'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { actorOf, type Ctx } from '../context.server'
import { loopVisibility, requireGroupWork, taskVisibility, type GroupWork } from './group-work-access.server'
import { type LoopListQuery } from './loops.schemas'
import { FREE_LOOP } from '~/utils/group-work-limits'

/**
 * Lists of loops (docs/group-work.md "Loops"): a group's loops as the actor may see them
 * (loopVisibility: a plain member their own, a subscriber those of whom they follow, owner and
 * leader all; counts come from the rows shown, so nothing tells of a loop one may not see), and
 * "My loops", the actor's own across their groups. Newest first, LOOP_PAGE_SIZE a page, with a
 * keyset cursor (the last row's time and id).
 */

/** Loops a page: 25 cards keep the Loops tab under 800 elements on a phone (bench "loops 30,000"). */
export const LOOP_PAGE_SIZE = 25

/** Up to this many members the filter offers a list to pick from; a larger group a name search (`who`). */
export const MEMBER_CHOICES_MAX = 40

interface Cursor {
  created: string
  id: string
}
const encodeCursor = (c: Cursor) => Buffer.from(`${c.created}|${c.id}`).toString('base64url')
/** The cursor of `value`; BAD_REQUEST on `cursor` for one this service did not write. */
function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null
  const [created, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|')
  if (!created || !id || rest.length || Number.isNaN(Date.parse(created)) || !/^[\w-]{1,64}$/.test(id))
    throw new DomainError('BAD_REQUEST', { errors: { cursor: ['loops.list.badCursor'] } })
  return { created, id }
}

export interface LoopListItem {
  id: string
  groupId: string
  groupName: string
  task: { id: string; title: string } | null
  author: { id: string; name: string }
  /** The first characters of the text, for the card. */
  excerpt: string
  emotion: number
  tags: string[]
  commentCount: number
  photoCount: number
  approved: boolean
  createdAt: string
  editedAt: string | null
  /**
   * My loops only: the author has left its group. Its page is no longer theirs to open, so the card
   * shows the whole text (`excerpt`); it is kept until the group's retention removes it.
   */
  left?: boolean
}

const EXCERPT = 280

function baseQuery(ctx: Ctx) {
  return ctx.db
    .selectFrom('loops')
    .innerJoin('users', 'users.id', 'loops.author_id')
    .innerJoin('groups', 'groups.id', 'loops.group_id')
    .leftJoin('group_tasks as task', 'task.id', 'loops.task_id')
}

async function page(ctx: Ctx, query: ReturnType<typeof baseQuery>, cursorValue: string | undefined) {
  const cursor = decodeCursor(cursorValue)
  let q = query
  if (cursor)
    q = q.where((eb) =>
      eb.or([
        eb('loops.created_at', '<', cursor.created),
        eb.and([eb('loops.created_at', '=', cursor.created), eb('loops.id', '<', cursor.id)]),
      ]),
    )
  const rows = await q
    .select([
      'loops.id',
      'loops.group_id',
      'groups.name as group_name',
      'loops.text',
      'loops.emotion',
      'loops.comment_count',
      'loops.photo_count',
      'loops.approved_at',
      'loops.created_at',
      'loops.edited_at',
      'loops.author_id',
      'users.name as author_name',
      'task.id as task_id',
      'task.title as task_title',
    ])
    .orderBy('loops.created_at', 'desc')
    .orderBy('loops.id', 'desc')
    .limit(LOOP_PAGE_SIZE + 1)
    .execute()
  const shown = rows.slice(0, LOOP_PAGE_SIZE)
  const tags = await tagNamesOf(
    ctx.db,
    shown.map((r) => r.id),
  )
  const last = shown.at(-1)
  const loops: LoopListItem[] = shown.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    groupName: r.group_name,
    task: r.task_id ? { id: r.task_id, title: r.task_title ?? '' } : null,
    author: { id: r.author_id, name: r.author_name },
    excerpt: r.text.length > EXCERPT ? `${r.text.slice(0, EXCERPT).trimEnd()}…` : r.text,
    emotion: Number(r.emotion),
    tags: tags.get(r.id) ?? [],
    commentCount: Number(r.comment_count),
    photoCount: Number(r.photo_count),
    approved: r.approved_at !== null,
    createdAt: r.created_at,
    editedAt: r.edited_at,
  }))
  return { loops, nextCursor: rows.length > LOOP_PAGE_SIZE && last ? encodeCursor({ created: last.created_at, id: last.id }) : null }
}

/** The tag names of these loops by loop, in the tags' Swedish name order (one query; the lists and the export). */
export async function tagNamesOf(db: DB, loopIds: readonly string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>()
  if (loopIds.length === 0) return names
  const rows = await db
    .selectFrom('loop_tags')
    .innerJoin('group_tags', 'group_tags.id', 'loop_tags.tag_id')
    .select(['loop_tags.loop_id', 'group_tags.name'])
    .where('loop_tags.loop_id', 'in', [...loopIds])
    .orderBy('group_tags.name_key')
    .execute()
  for (const r of rows) names.set(r.loop_id, [...(names.get(r.loop_id) ?? []), r.name])
  return names
}

/**
 * The group's loops the actor may see, newest first, filtered by task (an id, or FREE_LOOP for
 * loops without one), member and tag. An admin of the organization outside the group sees none.
 */
export async function listLoops(ctx: Ctx, groupId: string, query: LoopListQuery = {}) {
  const work = await requireGroupWork(ctx, groupId)
  let q = baseQuery(ctx).where(loopVisibility(work))
  if (query.task === FREE_LOOP) q = q.where('loops.task_id', 'is', null)
  else if (query.task) q = q.where('loops.task_id', '=', query.task)
  if (query.member) q = q.where('loops.author_id', '=', query.member)
  if (query.who) {
    const pattern = sql<string>`${searchPattern(query.who)} escape '\\'`
    q = q.where('loops.author_id', 'in', (eb) =>
      eb
        .selectFrom('group_members as gm')
        .select('gm.user_id')
        .where('gm.group_id', '=', groupId)
        .where(folded(ctx.db, 'gm.name'), 'like', pattern),
    )
  }
  if (query.tag) {
    const tag = query.tag
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('loop_tags as lt')
          .select(sql`1`.as('one'))
          .whereRef('lt.loop_id', '=', 'loops.id')
          .where('lt.tag_id', '=', tag),
      ),
    )
  }
  return { work, ...(await page(ctx, q, query.cursor)) }
}

/**
 * The actor's own loops, newest first, in every group they wrote in (or in one of them): also in
 * groups they have left, where a loop stays until the group's retention removes it (docs/group-work.md
 * "Retention"); such a loop is marked `left` and carries its whole text.
 */
export async function myLoops(ctx: Ctx, query: { groupId?: string; cursor?: string } = {}) {
  const actor = actorOf(ctx)
  let q = baseQuery(ctx).where('loops.author_id', '=', actor.id)
  if (query.groupId) q = q.where('loops.group_id', '=', query.groupId)
  const result = await page(ctx, q, query.cursor)
  const groupIds = [...new Set(result.loops.map((l) => l.groupId))]
  const memberOf = groupIds.length
    ? new Set(
        (
          await ctx.db
            .selectFrom('group_members')
            .select('group_id')
            .where('user_id', '=', actor.id)
            .where('group_id', 'in', groupIds)
            .execute()
        ).map((r) => r.group_id),
      )
    : new Set<string>()
  const leftIds = result.loops.filter((l) => !memberOf.has(l.groupId)).map((l) => l.id)
  const texts = leftIds.length
    ? new Map((await ctx.db.selectFrom('loops').select(['id', 'text']).where('id', 'in', leftIds).execute()).map((r) => [r.id, r.text]))
    : new Map<string, string>()
  const loops = result.loops.map((l) => (memberOf.has(l.groupId) ? l : { ...l, left: true, excerpt: texts.get(l.id) ?? l.excerpt }))
  const groups = await ctx.db
    .selectFrom('groups')
    .select(['groups.id', 'groups.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('loops')
          .select(sql`1`.as('one'))
          .whereRef('loops.group_id', '=', 'groups.id')
          .where('loops.author_id', '=', actor.id),
      ),
    )
    .orderBy('groups.name')
    .execute()
  return { ...result, loops, groups }
}

/**
 * What the Loops tab's filters offer: the tasks the actor sees, the group's tags and, with
 * `members`, the members whose loops they see (every member for owner and leader, the followed
 * ones for a subscriber, none for a plain member): a list up to MEMBER_CHOICES_MAX, `null` beyond
 * (the tab then searches by name), and the name of the member chosen by id (`member`, a link from
 * the Members tab). The loop form's choices too (tasks and tags).
 */
export async function loopChoices(ctx: Ctx, work: GroupWork, options: { members?: boolean; member?: string } = {}) {
  const groupId = work.access.group.id
  const [tasks, tags, members] = await Promise.all([
    ctx.db
      .selectFrom('group_tasks')
      .select(['id', 'title'])
      .where(taskVisibility(work, ctx.now))
      .orderBy('position')
      .orderBy('id')
      .execute(),
    ctx.db.selectFrom('group_tags').select(['id', 'name']).where('group_id', '=', groupId).orderBy('name_key').execute(),
    options.members ? memberChoices(ctx, work) : Promise.resolve([]),
  ])
  const over = members.length > MEMBER_CHOICES_MAX
  const chosen = options.member && options.members ? await memberChoices(ctx, work, options.member) : []
  return { tasks, tags, members: over ? null : members, chosenMember: chosen[0] ?? null }
}

/** The members whose loops the actor sees, by name (one more than MEMBER_CHOICES_MAX at most), or the one with `id`. */
function memberChoices(ctx: Ctx, work: GroupWork, id?: string) {
  const groupId = work.access.group.id
  if (work.sees === 'all')
    return ctx.db
      .selectFrom('group_members')
      .select(['user_id as id', 'name'])
      .where('group_id', '=', groupId)
      .$if(id !== undefined, (qb) => qb.where('user_id', '=', id!))
      .orderBy('name')
      .limit(MEMBER_CHOICES_MAX + 1)
      .execute()
  if (work.sees === 'followed')
    return ctx.db
      .selectFrom('group_follows')
      .innerJoin('users', 'users.id', 'group_follows.member_id')
      .select(['users.id', 'users.name'])
      .where('group_follows.group_id', '=', groupId)
      .where('group_follows.subscriber_id', '=', work.actorId)
      .$if(id !== undefined, (qb) => qb.where('users.id', '=', id!))
      .orderBy('users.name')
      .limit(MEMBER_CHOICES_MAX + 1)
      .execute()
  return Promise.resolve([])
}
