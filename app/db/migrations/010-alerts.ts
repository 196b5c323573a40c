import type { Kysely } from 'kysely'

/**
 * Alerts: the notifications of the feed at `/` (app/services/alerts/alerts.server.ts). One row per
 * recipient, written by the service that made the change, in the same transaction. A user's
 * `alerts_seen_at` is the "seen up to" mark: alerts created after it are new, the rest old.
 * `alerts_user_created` serves the feed (newest first, cursor) and both counts by index alone.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('alerts_user_created').on('alerts').columns(['user_id', 'created_at', 'id']).execute()
  await db.schema.createIndex('alerts_user_template').on('alerts').columns(['user_id', 'template', 'created_at']).execute()
  await db.schema.alterTable('users').addColumn('alerts_seen_at', 'text').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('users').dropColumn('alerts_seen_at').execute()
  await db.schema.dropTable('alerts').execute()
}
