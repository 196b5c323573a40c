import type { Kysely } from 'kysely'

/**
 * The groups an invitation to an organization carries (issue 35): a member file names groups for
 * people without an account yet; their invitation keeps them, and accepting it makes them members
 * of those groups too (invitation-redemption.server.ts). A row goes with its invitation or its
 * group (cascade): a group deleted meanwhile is simply not joined.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('invitation_groups')
    .addColumn('invitation_id', 'text', (c) => c.notNull().references('invitations.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('invitation_groups_pk', ['invitation_id', 'group_id'])
    .execute()
  await db.schema.createIndex('invitation_groups_group').on('invitation_groups').column('group_id').execute()
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('invitation_groups').execute()
}
