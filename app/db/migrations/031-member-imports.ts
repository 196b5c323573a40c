import type { Kysely } from 'kysely'

/**
 * Member imports (docs/organizations.md "Import members from a file"): the rows of an
 * uploaded file, parsed, kept between the preview and the confirmation (so the preview survives a
 * round trip without JavaScript), and the result per row once applied. One row per upload, read
 * only by the admin who uploaded it, in its organization, until `expires_at` (an hour); expired
 * uploads are deleted when the organization's next upload is stored. `rows` and `results` are JSON.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('member_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('create_missing_groups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text')
    .addColumn('results', 'text')
    .execute()
  await db.schema.createIndex('member_imports_organization').on('member_imports').columns(['organization_id', 'expires_at']).execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('member_imports').execute()
}
