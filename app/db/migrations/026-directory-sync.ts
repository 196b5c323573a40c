import { sql, type Kysely } from 'kysely'

/**
 * Directory sync over SCIM 2.0 (docs/directory-sync.md).
 *
 * - `directory_tokens`: an organization's bearer tokens for its directory (Entra ID, Google
 *   Workspace); only the SHA-256 of the secret is kept, as for every other secret.
 * - `directory_users`: the SCIM User resource of one person in one organization (its `id` is the
 *   SCIM id). It outlives the membership: `active: false` ends the membership and keeps the row
 *   (the directory reads it back and may reactivate it); DELETE removes the row (404 afterwards).
 *   `externalId` and the name parts are kept as the directory gave them.
 * - `groups.directory_managed` / `directory_external_id`: groups the directory created; only those
 *   are visible to it.
 * - `organizations.directory_group_owner_id`: the admin who owns the groups the directory creates.
 * - `audit_log.directory_token_id`: the token a change came through (the actor shown is its name).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('directory_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('directory_tokens_org').on('directory_tokens').columns(['organization_id', 'created_at']).execute()

  await db.schema
    .createTable('directory_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('external_id', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('given_name', 'text')
    .addColumn('family_name', 'text')
    .addColumn('display_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('directory_users_org_user', ['organization_id', 'user_id'])
    .execute()
  await db.schema.createIndex('directory_users_org_external').on('directory_users').columns(['organization_id', 'external_id']).execute()
  await db.schema.createIndex('directory_users_user').on('directory_users').column('user_id').execute()

  await db.schema
    .alterTable('groups')
    .addColumn('directory_managed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('groups').addColumn('directory_external_id', 'text').execute()
  await sql`create index groups_directory on groups (organization_id, directory_managed)`.execute(db)

  await db.schema
    .alterTable('organizations')
    .addColumn('directory_group_owner_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('audit_log')
    .addColumn('directory_token_id', 'text', (c) => c.references('directory_tokens.id').onDelete('set null'))
    .execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('audit_log').dropColumn('directory_token_id').execute()
  await db.schema.alterTable('organizations').dropColumn('directory_group_owner_id').execute()
  await db.schema.dropIndex('groups_directory').execute()
  await db.schema.alterTable('groups').dropColumn('directory_external_id').execute()
  await db.schema.alterTable('groups').dropColumn('directory_managed').execute()
  await db.schema.dropTable('directory_users').execute()
  await db.schema.dropTable('directory_tokens').execute()
}
