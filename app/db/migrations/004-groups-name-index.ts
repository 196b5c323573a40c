import { sql, type Kysely } from 'kysely'

/**
 * Group lists sorted by name (the default): with this index a page of a large organization reads
 * its groups in name order and stops after the page, instead of sorting all of them.
 */
export async function up(db: Kysely<any>) {
  await sql`create index groups_org_name_lower on groups (organization_id, lower(name), id)`.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('groups_org_name_lower').execute()
}
