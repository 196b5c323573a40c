import { sql } from 'kysely'
import { DomainError } from '~/errors'
import type { DB } from '~/db/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { parseTags, requirePackage, requireVersion, type PackageRow } from './access.server'
import {
  PACKAGE_LIMITS,
  PackageBasicsSchema,
  PublishSchema,
  SaveBasicsSchema,
  SaveEntitiesSchema,
  SaveRolesSchema,
  type PackageBasicsInput,
  type SaveBasicsInput,
  type SaveEntitiesInput,
  type SaveRolesInput,
} from './packages.schemas'
import { searchColumns } from './search'
import type { Saved } from './types'
import { batches } from '~/db/batches'

/**
 * Packages and the wizard's steps (spec section 2, "/library"; ADR 009). Every save runs in one transaction: it
 * checks access, then moves the version on with `where version = <the form's version>`, so of two
 * saves of one version exactly one wins and the other gets PACKAGE_VERSION_CONFLICT. Reading a
 * package: package-view.server.ts.
 */

/** Step 1 of the new wizard: a draft owned by the actor. */
export async function createDraft(ctx: Ctx, input: PackageBasicsInput): Promise<Saved> {
  const actor = actorOf(ctx)
  const basics = PackageBasicsSchema.parse(input)
  const id = newId()
  const now = nowIso(ctx.now)
  await ctx.db
    .insertInto('packages')
    .values({
      id,
      owner_id: actor.id,
      name: basics.name,
      description: basics.description,
      language: basics.language,
      tags: JSON.stringify(basics.tags),
      ...searchColumns(basics),
      status: 'draft',
      version: 1,
      created_at: now,
      updated_at: now,
      published_at: null,
    })
    .execute()
  return { packageId: id, version: 1 }
}

/**
 * Runs one save: in a transaction, checks edit access and the version, lets `change` write, then
 * moves the version on (only if it is still the one read: of two concurrent saves one wins).
 */
async function save(
  ctx: Ctx,
  packageId: string,
  version: number,
  change: (trx: DB, row: PackageRow) => Promise<Record<string, unknown> | void>,
): Promise<Saved> {
  return ctx.db.transaction().execute(async (trx) => {
    const { row } = await requirePackage(ctx, trx, packageId, 'edit')
    requireVersion(row, version)
    // Claim the version first: a concurrent save of the same version now waits (PostgreSQL) or
    // was serialised before us (SQLite), and finds the version moved on.
    const claimed = await trx
      .updateTable('packages')
      .set({ version: version + 1, updated_at: nowIso(ctx.now) })
      .where('id', '=', packageId)
      .where('version', '=', version)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) throw new DomainError('PACKAGE_VERSION_CONFLICT')
    const columns = await change(trx, row)
    if (columns && Object.keys(columns).length) await trx.updateTable('packages').set(columns).where('id', '=', packageId).execute()
    return { packageId, version: version + 1 }
  })
}

/** Step 1 (edit): the basic details. Owner or editor; PACKAGE_VERSION_CONFLICT on a stale version. */
export async function saveBasics(ctx: Ctx, input: SaveBasicsInput): Promise<Saved> {
  const { packageId, version, ...basics } = SaveBasicsSchema.parse(input)
  return save(ctx, packageId, version, async () => ({
    name: basics.name,
    description: basics.description,
    language: basics.language,
    tags: JSON.stringify(basics.tags),
    ...searchColumns(basics),
  }))
}

/** Step 2: the whole list of roles in order. Owner or editor; PACKAGE_VERSION_CONFLICT on a stale version. */
export async function saveRoles(ctx: Ctx, input: SaveRolesInput): Promise<Saved> {
  const { packageId, version, roles } = SaveRolesSchema.parse(input)
  return save(ctx, packageId, version, async (trx) => {
    const existing = new Set(
      (await trx.selectFrom('package_roles').select('id').where('package_id', '=', packageId).execute()).map((r) => r.id),
    )
    const kept = new Set<string>()
    const rows = roles.map((role, position) => {
      // An id of another package (or a repeated one) never moves a row: it becomes a new role.
      const id = role.id && existing.has(role.id) && !kept.has(role.id) ? role.id : newId()
      kept.add(id)
      return { id, package_id: packageId, name: role.name, description: role.description, position }
    })
    const removed = [...existing].filter((id) => !kept.has(id))
    if (removed.length) await trx.deleteFrom('package_roles').where('package_id', '=', packageId).where('id', 'in', removed).execute()
    // Kept roles in one statement (a CASE per column), new ones in one insert.
    const keptRows = rows.filter((r) => existing.has(r.id))
    const added = rows.filter((r) => !existing.has(r.id))
    if (keptRows.length) {
      const pick = <K extends 'name' | 'description' | 'position'>(column: K) =>
        sql`case id ${sql.join(
          keptRows.map((r) => sql`when ${r.id} then ${r[column]}`),
          sql` `,
        )} end`
      await trx
        .updateTable('package_roles')
        .set({
          name: pick('name') as never,
          description: pick('description') as never,
          position: sql`cast(${pick('position')} as integer)` as never,
        })
        .where('package_id', '=', packageId)
        .where(
          'id',
          'in',
          keptRows.map((r) => r.id),
        )
        .execute()
    }
    if (added.length) await trx.insertInto('package_roles').values(added).execute()
    return { role_count: rows.length, entity_count: await countEntities(trx, packageId) }
  })
}

const countEntities = async (db: DB, packageId: string) =>
  Number(
    (
      await db
        .selectFrom('package_entities')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('package_id', '=', packageId)
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Step 3: the entities (of one role, or all). Owner or editor; PACKAGE_VERSION_CONFLICT on a stale version. */
export async function saveEntities(ctx: Ctx, input: SaveEntitiesInput): Promise<Saved> {
  const { packageId, version, roleId, entities } = SaveEntitiesSchema.parse(input)
  return save(ctx, packageId, version, async (trx) => {
    const roleIds = new Set(
      (await trx.selectFrom('package_roles').select('id').where('package_id', '=', packageId).execute()).map((r) => r.id),
    )
    if (roleId && !roleIds.has(roleId)) throw new DomainError('PACKAGE_ROLE_NOT_FOUND')
    if (entities.some((e) => !roleIds.has(e.roleId) || (roleId && e.roleId !== roleId))) throw new DomainError('PACKAGE_ROLE_NOT_FOUND')
    const scope = trx.selectFrom('package_entities').select(['id', 'role_id']).where('package_id', '=', packageId)
    const existing = new Map((await scope.execute()).map((e) => [e.id, e.role_id]))
    const replaced = [...existing].filter(([, r]) => !roleId || r === roleId).map(([id]) => id)
    const others = existing.size - replaced.length
    if (others + entities.length > PACKAGE_LIMITS.entities) {
      throw new DomainError('PACKAGE_LIMIT_EXCEEDED', { limit: 'entities', max: PACKAGE_LIMITS.entities })
    }
    const replaceable = new Set(replaced)
    const kept = new Set<string>()
    const rows = entities.map((e, position) => {
      const id = e.id && replaceable.has(e.id) && !kept.has(e.id) ? e.id : newId()
      kept.add(id)
      return {
        id,
        package_id: packageId,
        role_id: e.roleId,
        title: e.title,
        instructions: e.instructions,
        kind: e.kind,
        day_offset: e.dayOffset,
        position,
      }
    })
    // Replaced rows go and come back (kept ids stay): a few statements however many entities.
    for (const batch of batches(replaced)) {
      await trx.deleteFrom('package_entities').where('id', 'in', batch).execute()
    }
    // 8 columns per row: 500 rows (the limit, one statement) stay well under the bound-parameter limits.
    for (const part of batches(rows)) await trx.insertInto('package_entities').values(part).execute()
    return { entity_count: others + rows.length }
  })
}

/** Finish: the draft becomes published (visible to everyone it is shared with). Needs a role. Owner or editor. */
export async function publishPackage(ctx: Ctx, input: { packageId: string; version: number | string }): Promise<Saved> {
  const { packageId, version } = PublishSchema.parse(input)
  return save(ctx, packageId, version, async (_trx, row) => {
    if (Number(row.role_count) === 0) throw new DomainError('PACKAGE_NO_ROLES')
    return row.status === 'published' ? {} : { status: 'published', published_at: nowIso(ctx.now) }
  })
}

const COPY_SUFFIX: Record<string, string> = { sv: ' (kopia)', en: ' (copy)' }

/** A copy owned by the actor, named "… (kopia)"/"… (copy)" in the actor's language, as a draft. Anyone with access. */
export async function duplicatePackage(ctx: Ctx, packageId: string): Promise<Saved> {
  const actor = actorOf(ctx)
  const { row } = await requirePackage(ctx, ctx.db, packageId, 'view')
  const suffix = COPY_SUFFIX[actor.locale] ?? COPY_SUFFIX.sv
  const name = row.name.slice(0, PACKAGE_LIMITS.name - suffix.length).trimEnd() + suffix
  const id = newId()
  const now = nowIso(ctx.now)
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('packages')
      .values({
        id,
        owner_id: actor.id,
        name,
        description: row.description,
        language: row.language,
        tags: row.tags,
        ...searchColumns({ name, description: row.description, tags: parseTags(row.tags) }),
        status: 'draft',
        version: 1,
        role_count: row.role_count,
        entity_count: row.entity_count,
        created_at: now,
        updated_at: now,
        published_at: null,
      })
      .execute()
    const roles = await trx.selectFrom('package_roles').selectAll().where('package_id', '=', packageId).orderBy('position').execute()
    const roleIds = new Map(roles.map((r) => [r.id, newId()]))
    if (roles.length)
      await trx
        .insertInto('package_roles')
        .values(roles.map((r) => ({ ...r, id: roleIds.get(r.id)!, package_id: id })))
        .execute()
    const entities = await trx.selectFrom('package_entities').selectAll().where('package_id', '=', packageId).orderBy('position').execute()
    const copies = entities.map((e) => ({ ...e, id: newId(), package_id: id, role_id: roleIds.get(e.role_id)! }))
    for (const part of batches(copies, 100)) await trx.insertInto('package_entities').values(part).execute()
  })
  return { packageId: id, version: 1 }
}

/** Deletes the package with everything in it (groups made from it keep their tasks). Owner only. */
export async function deletePackage(ctx: Ctx, packageId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await requirePackage(ctx, trx, packageId, 'owner')
    await trx.deleteFrom('packages').where('id', '=', packageId).execute()
  })
}
