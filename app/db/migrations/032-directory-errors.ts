import type { Kysely } from 'kysely'

/**
 * The directory sync's last errors (docs/directory-sync.md#errors-and-limits): each 4xx or 5xx
 * answer of /scim/v2 to a valid token, so the organization home can show why a sync fails without
 * the directory's own log. Only the newest rows of an organization are kept
 * (`DIRECTORY_ERRORS_KEPT`, app/services/directory/errors.server.ts): older ones are deleted as new
 * ones come. `path` is the request's path under /scim/v2 without its query string.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('directory_errors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('token_id', 'text', (c) => c.notNull().references('directory_tokens.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('scim_type', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('directory_errors_org').on('directory_errors').columns(['organization_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('directory_errors').execute()
}
