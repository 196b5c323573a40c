import type { Kysely } from 'kysely'

/**
 * Insight (docs/group-work.md "Insight"): `groups.class_insight`, the owner's switch that lets the
 * group's members see the anonymous class view (how the group felt about each task, and the tags
 * it chose, without names). Off by default: nobody sees others' values until the owner says so.
 * The insight figures themselves are computed from `loops` and `loop_tags` at each request (ADR 023).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('groups')
    .addColumn('class_insight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('groups').dropColumn('class_insight').execute()
}
