import { sql, type Kysely } from 'kysely'

/**
 * Member lists of large organizations sorted by name: with this index a page walks the users in
 * name order and stops after the page, instead of sorting every member (see listMembers).
 */
export async function up(db: Kysely<any>) {
  await sql`create index users_name_lower on users (lower(name), id)`.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('users_name_lower').execute()
}
