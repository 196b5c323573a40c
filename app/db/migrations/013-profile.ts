import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../collation'

/**
 * Profile and preferences (docs/profile.md, ADR 010):
 * - `profile_pictures`: the re-encoded picture itself (256 px WebP, no metadata, ~10–30 kB) in the
 *   database, the only store every process shares on PostgreSQL; `etag` is the hash of the
 *   bytes and `users.profile_pic` the URL with it as the version, so a changed picture gets a new URL.
 * - `sessions.user_agent`: the browser that signed in, for the list of the user's sessions.
 */
export async function up(db: Kysely<any>) {
  const bytes = isPostgres(db) ? sql`bytea` : sql`blob`
  await db.schema
    .createTable('profile_pictures')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('image', bytes, (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute()
  await db.schema.dropTable('profile_pictures').execute()
}
