import type { Kysely } from 'kysely'

/**
 * Bulk actions keep their audit entry up to date as they go (services/bulk.server.ts): the entry
 * is written as 'started' before the first item, each committed batch or item updates its result
 * in the same transaction, and the end marks it 'done'. An entry left 'started' is an action that
 * stopped part-way (the process died): its result counts exactly what was committed. Every entry
 * written before this migration, and every single change, is 'done'.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('audit_log')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('done'))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('audit_log').dropColumn('status').execute()
}
