import { sql, type Kysely } from 'kysely'
import { isPostgres, PG_SWEDISH_COLLATION, SQLITE_SORT_KEY_FUNCTION } from '../collation'

/**
 * The library (spec section 2, "/library"; ADR 009): packages with their roles and entities (tasks), the people
 * they are shared with (collaborators, invitations, share links), and the tasks a group gets
 * when it is created from a package (group_tasks).
 *
 * Feed queries start from the actor: the packages they own (`packages_owner_*`) and those
 * shared with them (`package_collaborators_user`), then sort the visible set by name (Swedish
 * order: on SQLite the stored key `name_key`, filled by triggers as in migration 008; on
 * PostgreSQL the column in the ICU collation) or by update time.
 */
const run = (db: Kysely<any>, text: string) => sql.raw(text).execute(db)

export async function up(db: Kysely<any>) {
  const postgres = isPostgres(db)
  await db.schema
    .createTable('packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('sv'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    // Lower-case copies the services write with the fields (search.ts): the feed's search and tag
    // filter compare them with a plain LIKE, no function call per row.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags_key', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('role_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entity_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .execute()
  if (postgres) {
    await run(db, `create index packages_owner_name on packages (owner_id, name collate "${PG_SWEDISH_COLLATION}", id)`)
  } else {
    await run(db, 'alter table packages add column name_key text')
    const set = `update packages set name_key = ${SQLITE_SORT_KEY_FUNCTION}(new.name) where id = new.id`
    await run(db, `create trigger packages_sort_keys_insert after insert on packages begin ${set}; end`)
    await run(db, `create trigger packages_sort_keys after update of name on packages begin ${set}; end`)
    await run(db, 'create index packages_owner_name on packages (owner_id, name_key, id)')
  }
  await db.schema.createIndex('packages_owner_updated').on('packages').columns(['owner_id', 'updated_at', 'id']).execute()

  await db.schema
    .createTable('package_roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('package_roles_package').on('package_roles').columns(['package_id', 'position']).execute()

  await db.schema
    .createTable('package_entities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull().references('package_roles.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('task'))
    .addColumn('day_offset', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('package_entities_package').on('package_entities').columns(['package_id', 'position']).execute()
  await db.schema.createIndex('package_entities_role').on('package_entities').columns(['role_id']).execute()

  await db.schema
    .createTable('package_collaborators')
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('package_collaborators_pk', ['package_id', 'user_id'])
    .execute()
  await db.schema.createIndex('package_collaborators_user').on('package_collaborators').columns(['user_id', 'package_id']).execute()

  await db.schema
    .createTable('package_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('access', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('responded_at', 'text')
    .execute()
  await db.schema.createIndex('package_invitations_email').on('package_invitations').columns(['email', 'status']).execute()
  await db.schema.createIndex('package_invitations_package').on('package_invitations').columns(['package_id', 'status']).execute()

  await db.schema
    .createTable('package_share_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('package_share_links_package').on('package_share_links').columns(['package_id', 'created_at']).execute()

  await db.schema
    .createTable('group_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('package_id', 'text', (c) => c.references('packages.id').onDelete('set null'))
    .addColumn('package_role_name', 'text', (c) => c.notNull())
    .addColumn('group_role', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('task'))
    .addColumn('day_offset', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('group_tasks_group_role').on('group_tasks').columns(['group_id', 'group_role', 'position']).execute()
}

export async function down(db: Kysely<any>) {
  for (const table of [
    'group_tasks',
    'package_share_links',
    'package_invitations',
    'package_collaborators',
    'package_entities',
    'package_roles',
  ]) {
    await db.schema.dropTable(table).execute()
  }
  if (!isPostgres(db)) {
    await run(db, 'drop trigger packages_sort_keys_insert')
    await run(db, 'drop trigger packages_sort_keys')
  }
  await db.schema.dropTable('packages').execute()
}
