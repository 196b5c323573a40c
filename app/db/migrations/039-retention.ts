import type { Kysely } from 'kysely'

/**
 * Retention (gallring, docs/group-work.md "Retention"): how long a group keeps its loops, and why.
 *
 * - `groups.retention_months` (1, 3, 6, 12 or 24) and `groups.retention_purpose` (required text,
 *   ≤ 500 characters). Existing and new groups start with DEFAULT_PURPOSE (Swedish, the
 *   product's language; the owner changes it on the group's overview); existing groups keep three
 *   months, new ones the organization's default (set by the services that create groups).
 * - `groups.retention_noticed_until`: the creation time up to which the owner has been told of
 *   loops queued for removal (the daily job's notice; null: none yet).
 * - `organizations.retention_default_months` (new groups start with it) and
 *   `organizations.retention_max_months` (no group may keep longer); 3 and 24.
 * - `loop_counts`: what the job keeps of the loops it removes, for statistics: per group, task
 *   ('' for free loops) and month (YYYY-MM in Europe/Stockholm), the number of loops and comments
 *   and the sum of their emotional values. Never text, never a person.
 * - `loop_reads_loop`: an index for the cascade from a deleted loop to its read marks.
 */
export const DEFAULT_PURPOSE =
  'Att följa och ge återkoppling på deltagarnas reflektioner under arbetet i gruppen. Reflektionerna tas bort när tiden har gått ut.'

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('groups')
    .addColumn('retention_months', 'integer', (c) => c.notNull().defaultTo(3))
    .execute()
  await db.schema
    .alterTable('groups')
    .addColumn('retention_purpose', 'text', (c) => c.notNull().defaultTo(DEFAULT_PURPOSE))
    .execute()
  await db.schema.alterTable('groups').addColumn('retention_noticed_until', 'text').execute()
  await db.schema.createIndex('groups_retention_months').on('groups').columns(['retention_months', 'id']).execute()

  await db.schema
    .alterTable('organizations')
    .addColumn('retention_default_months', 'integer', (c) => c.notNull().defaultTo(3))
    .execute()
  await db.schema
    .alterTable('organizations')
    .addColumn('retention_max_months', 'integer', (c) => c.notNull().defaultTo(24))
    .execute()

  // Deleting a loop cascades to its read marks: without this index each delete scans loop_reads
  // (its key starts with user_id). The retention job deletes thousands at a time.
  await db.schema.createIndex('loop_reads_loop').on('loop_reads').column('loop_id').execute()

  await db.schema
    .createTable('loop_counts')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('task_key', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('loops', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('emotion_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('loop_counts_pk', ['group_id', 'task_key', 'month'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('loop_counts').execute()
  await db.schema.dropIndex('loop_reads_loop').execute()
  await db.schema.alterTable('organizations').dropColumn('retention_max_months').execute()
  await db.schema.alterTable('organizations').dropColumn('retention_default_months').execute()
  await db.schema.dropIndex('groups_retention_months').execute()
  for (const column of ['retention_noticed_until', 'retention_purpose', 'retention_months'])
    await db.schema.alterTable('groups').dropColumn(column).execute()
}
