import type { Kysely } from 'kysely'

/**
 * Insight (docs/group-work.md "Insight"): `groups.class_insight`, the owner's switch that lets the
 * group's members see the anonymous class view (how the group felt about each task, and the tags
 * it chose, without names). Off by default: nobody sees others' values until the owner says so.
 * The insight figures themselves are computed from `loops` and `loop_tags` at each request (ADR 023),
 * over `loops_group_created_insight`: the range read's every column (author, task, emotion, id) is in
 * the index, so neither SQLite nor PostgreSQL reads the loops' rows (and their text) for it.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('groups')
    .addColumn('class_insight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('loops_group_created_insight')
    .on('loops')
    .columns(['group_id', 'created_at', 'author_id', 'task_id', 'emotion', 'id'])
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('loops_group_created_insight').execute()
  await db.schema.alterTable('groups').dropColumn('class_insight').execute()
}
