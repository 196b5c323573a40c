import { sql, type Kysely } from 'kysely'

/**
 * Creating attendance groups becomes a permission of its own (spec section 6: "only if
 * permitted"; ADR 013): `organization_members.may_create_attendance`, granted and revoked
 * per member by the organization's admins on the group-creators page. Until now it was the same
 * as creating groups, so existing group creators and admins get it: nothing changes for them.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('organization_members')
    .addColumn('may_create_attendance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update organization_members set may_create_attendance = 1 where role = 'admin' or is_group_creator = 1`.execute(db)
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('organization_members').dropColumn('may_create_attendance').execute()
}
