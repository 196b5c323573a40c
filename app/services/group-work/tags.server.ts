import { swedish } from '~/db/collation'
import type { DB } from '~/db/db.server'
import { DomainError } from '~/errors'
import { newId } from '~/utils/ids.server'
import type { Ctx } from '../context.server'
import { loopCountScope, requireGroupWork, type GroupWork } from './group-work-access.server'
import { requireWorkEditor } from './task-editing.server'
import { TagInputSchema, TagPatchSchema, type TagInput, type TagPatch } from './tags.schemas'
import { GROUP_TAG_LIMIT } from '~/utils/group-work-limits'

/**
 * A group's tags (docs/group-work.md#tags), chosen on loops: at most GROUP_TAG_LIMIT per group
 * (TAG_LIMIT_REACHED), one of a name whatever its case (TAG_NAME_TAKEN). Everyone who sees the
 * group reads them (the loop form offers them); the roles that edit tasks add, rename and delete
 * them (requireWorkEditor). Renaming keeps a tag on its loops; deleting takes it off them. The
 * loop counts are counted under `loopCountScope` (an admin outside the group counts every loop).
 */

export interface TagView {
  id: string
  name: string
  description: string
  /** The loops carrying the tag that the actor may see. */
  loopCount: number
}

const keyOf = (name: string) => name.trim().toLowerCase()

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

const parse = <T>(result: { success: true; data: T } | { success: false; error: { flatten(): { fieldErrors: unknown } } }): T => {
  if (!result.success) throw new DomainError('BAD_REQUEST', { errors: result.error.flatten().fieldErrors as Record<string, string[]> })
  return result.data
}

async function readTags(db: DB, work: GroupWork, tagId?: string): Promise<TagView[]> {
  const groupId = work.access.group.id
  const rows = await db
    .selectFrom('group_tags')
    .select(['id', 'name', 'description'])
    .where('group_id', '=', groupId)
    .$if(tagId !== undefined, (qb) => qb.where('id', '=', tagId!))
    .orderBy(swedish(db, 'name'))
    .orderBy('id')
    .execute()
  const counts = new Map<string, number>()
  if (rows.length) {
    const countRows = await db
      .selectFrom('loop_tags as lt')
      .innerJoin('loops', 'loops.id', 'lt.loop_id')
      .select(['lt.tag_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('lt.group_id', '=', groupId)
      .where(loopCountScope(work))
      .$if(tagId !== undefined, (qb) => qb.where('lt.tag_id', '=', tagId!))
      .groupBy('lt.tag_id')
      .execute()
    for (const r of countRows) counts.set(r.tag_id, Number(r.n))
  }
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, loopCount: counts.get(r.id) ?? 0 }))
}

/** The group's tags in Swedish name order, or GROUP_NOT_FOUND. */
export async function listTags(ctx: Ctx, groupId: string): Promise<{ work: GroupWork; tags: TagView[] }> {
  const work = await requireGroupWork(ctx, groupId)
  return { work, tags: await readTags(ctx.db, work) }
}

async function requireTag(db: DB, work: GroupWork, tagId: string) {
  const [tag] = await readTags(db, work, tagId)
  if (!tag) throw new DomainError('GROUP_NOT_FOUND')
  return tag
}

async function nameTaken(db: DB, groupId: string, name: string, exceptId?: string) {
  const row = await db
    .selectFrom('group_tags')
    .select('id')
    .where('group_id', '=', groupId)
    .where('name_key', '=', keyOf(name))
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst()
  return Boolean(row)
}

/** A unique-index race (two adds of one name at once) is the same answer as the check before it. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('TAG_NAME_TAKEN')
    throw error
  }
}

/** Adds a tag. */
export async function createTag(ctx: Ctx, groupId: string, input: TagInput): Promise<TagView> {
  const value = parse(TagInputSchema.safeParse(input))
  return uniqueName(() =>
    ctx.db.transaction().execute(async (trx) => {
      await requireWorkEditor(ctx, groupId, trx)
      const count = await trx
        .selectFrom('group_tags')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow()
      if (Number(count.n) >= GROUP_TAG_LIMIT) throw new DomainError('TAG_LIMIT_REACHED')
      if (await nameTaken(trx, groupId, value.name)) throw new DomainError('TAG_NAME_TAKEN')
      const id = newId()
      await trx
        .insertInto('group_tags')
        .values({
          id,
          group_id: groupId,
          name: value.name,
          name_key: keyOf(value.name),
          description: value.description,
          created_at: ctx.now.toISOString(),
        })
        .execute()
      return { id, name: value.name, description: value.description, loopCount: 0 }
    }),
  )
}

/** Renames a tag or changes its description; it stays on its loops. */
export async function updateTag(ctx: Ctx, groupId: string, tagId: string, patch: TagPatch): Promise<TagView> {
  const value = parse(TagPatchSchema.safeParse(patch))
  return uniqueName(() =>
    ctx.db.transaction().execute(async (trx) => {
      const work = await requireWorkEditor(ctx, groupId, trx)
      const tag = await requireTag(trx, work, tagId)
      if (value.name !== undefined && (await nameTaken(trx, groupId, value.name, tagId))) throw new DomainError('TAG_NAME_TAKEN')
      await trx
        .updateTable('group_tags')
        .set({
          ...(value.name !== undefined ? { name: value.name, name_key: keyOf(value.name) } : {}),
          ...(value.description !== undefined ? { description: value.description } : {}),
        })
        .where('id', '=', tagId)
        .execute()
      return { ...tag, name: value.name ?? tag.name, description: value.description ?? tag.description }
    }),
  )
}

/** The tag and how many loops carry it (for the question before deleting it). */
export async function tagForDeletion(ctx: Ctx, groupId: string, tagId: string): Promise<TagView> {
  const work = await requireWorkEditor(ctx, groupId, ctx.db)
  return requireTag(ctx.db, work, tagId)
}

/** Deletes a tag: it goes from every loop that carried it (the loops stay). */
export async function deleteTag(ctx: Ctx, groupId: string, tagId: string): Promise<TagView> {
  return ctx.db.transaction().execute(async (trx) => {
    const work = await requireWorkEditor(ctx, groupId, trx)
    const tag = await requireTag(trx, work, tagId)
    await trx.deleteFrom('loop_tags').where('tag_id', '=', tagId).execute()
    await trx.deleteFrom('group_tags').where('id', '=', tagId).execute()
    return tag
  })
}
