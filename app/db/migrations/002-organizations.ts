import type { Kysely } from 'kysely'

/** Organizations, their members, groups, group members, invitations and the admin audit log. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('organization_members')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('is_group_creator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_members_pk', ['organization_id', 'user_id'])
    .execute()
  await db.schema.createIndex('organization_members_user').on('organization_members').column('user_id').execute()
  await db.schema
    .createIndex('organization_members_org_created')
    .on('organization_members')
    .columns(['organization_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_activity_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('groups_org_name').on('groups').columns(['organization_id', 'name']).execute()
  await db.schema.createIndex('groups_org_created').on('groups').columns(['organization_id', 'created_at']).execute()
  await db.schema.createIndex('groups_owner').on('groups').column('owner_id').execute()

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute()
  await db.schema.createIndex('group_members_user').on('group_members').column('user_id').execute()

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.references('groups.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('group_creator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('invitations_org_created').on('invitations').columns(['organization_id', 'created_at']).execute()

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('audit_log_org_created').on('audit_log').columns(['organization_id', 'created_at']).execute()
}

export async function down(db: Kysely<any>) {
  for (const t of ['audit_log', 'invitations', 'group_members', 'groups', 'organization_members', 'organizations']) {
    await db.schema.dropTable(t).execute()
  }
}
