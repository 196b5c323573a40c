import { sql, type Kysely } from 'kysely'
import { isPostgres, LAST_SEEN_KEY, PG_SWEDISH_COLLATION, SQLITE_SORT_KEY_FUNCTION } from '../collation'

/**
 * Member lists whose cost depends on the page, not on the users of other organizations, and
 * Swedish order for names and emails (collation.ts).
 *
 * organization_members keeps a copy of its user's name, email and last_request_at, maintained by
 * triggers (a new membership copies them; a change of the user copies it to their memberships), so
 * every sort of the members list reads one index of this organization's members in order and stops
 * after the page. The users walk of 003 and the name indexes of 003/004 give way to Swedish ones.
 */
export async function up(db: Kysely<any>) {
  const postgres = isPostgres(db)
  /** An index column in Swedish order (the same expression as collation.ts `swedish()`). */
  const key = (column: string) => (postgres ? `${column} collate "${PG_SWEDISH_COLLATION}"` : `${SQLITE_SORT_KEY_FUNCTION}(${column})`)

  await db.schema
    .alterTable('organization_members')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('organization_members')
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.alterTable('organization_members').addColumn('last_request_at', 'text').execute()
  await sql`update organization_members set
      name = (select u.name from users u where u.id = organization_members.user_id),
      email = (select u.email from users u where u.id = organization_members.user_id),
      last_request_at = (select u.last_request_at from users u where u.id = organization_members.user_id)`.execute(db)

  if (postgres) {
    await sql`create function organization_members_copy_user() returns trigger language plpgsql as $$
      begin
        select u.name, u.email, u.last_request_at into new.name, new.email, new.last_request_at
          from users u where u.id = new.user_id;
        return new;
      end $$`.execute(db)
    await sql`create trigger organization_members_copy_user before insert on organization_members
      for each row execute function organization_members_copy_user()`.execute(db)
    await sql`create function users_copy_to_members() returns trigger language plpgsql as $$
      begin
        update organization_members set name = new.name, email = new.email, last_request_at = new.last_request_at
          where user_id = new.id;
        return null;
      end $$`.execute(db)
    await sql`create trigger users_copy_to_members after update of name, email, last_request_at on users
      for each row when (old.name is distinct from new.name or old.email is distinct from new.email
        or old.last_request_at is distinct from new.last_request_at)
      execute function users_copy_to_members()`.execute(db)
  } else {
    await sql`create trigger organization_members_copy_user after insert on organization_members begin
        update organization_members set
          name = (select u.name from users u where u.id = new.user_id),
          email = (select u.email from users u where u.id = new.user_id),
          last_request_at = (select u.last_request_at from users u where u.id = new.user_id)
        where organization_id = new.organization_id and user_id = new.user_id;
      end`.execute(db)
    await sql`create trigger users_copy_to_members after update of name, email, last_request_at on users begin
        update organization_members set name = new.name, email = new.email, last_request_at = new.last_request_at
        where user_id = new.id;
      end`.execute(db)
  }

  // One index per sort of the members list: (organization, sort key, user id).
  const index = (name: string, columns: string, where = '') =>
    sql`create index ${sql.id(name)} on organization_members (organization_id, ${sql.raw(columns)}, user_id)${sql.raw(where)}`.execute(db)
  await index('organization_members_org_name', key('name'))
  await index('organization_members_org_email', key('email'))
  // Never-seen members come last in both directions: one index per direction.
  await index('organization_members_org_seen_asc', LAST_SEEN_KEY.asc('last_request_at'))
  await index('organization_members_org_seen_desc', LAST_SEEN_KEY.desc('last_request_at'))
  // Replaces (organization_id, created_at): with the user id, the created sort needs no other lookup.
  await index('organization_members_org_created_user', 'created_at')
  await db.schema.dropIndex('organization_members_org_created').execute()
  // The group creators page (only group creators, by name).
  await index('organization_members_org_group_creators_name', key('name'), ' where is_group_creator = 1')
  await db.schema.dropIndex('users_name_lower').execute()

  await sql`create index groups_org_name_swedish on groups (organization_id, ${sql.raw(key('name'))}, id)`.execute(db)
  await db.schema.dropIndex('groups_org_name_lower').execute()
}

export async function down(db: Kysely<any>) {
  const postgres = isPostgres(db)
  await sql`create index groups_org_name_lower on groups (organization_id, lower(name), id)`.execute(db)
  await db.schema.dropIndex('groups_org_name_swedish').execute()
  await sql`create index users_name_lower on users (lower(name), id)`.execute(db)
  await db.schema
    .createIndex('organization_members_org_created')
    .on('organization_members')
    .columns(['organization_id', 'created_at'])
    .execute()
  for (const name of [
    'organization_members_org_name',
    'organization_members_org_email',
    'organization_members_org_seen_asc',
    'organization_members_org_seen_desc',
    'organization_members_org_created_user',
    'organization_members_org_group_creators_name',
  ]) {
    await db.schema.dropIndex(name).execute()
  }
  await sql`drop trigger users_copy_to_members${sql.raw(postgres ? ' on users' : '')}`.execute(db)
  await sql`drop trigger organization_members_copy_user${sql.raw(postgres ? ' on organization_members' : '')}`.execute(db)
  if (postgres) {
    await sql`drop function users_copy_to_members()`.execute(db)
    await sql`drop function organization_members_copy_user()`.execute(db)
  }
  for (const column of ['last_request_at', 'email', 'name']) {
    await db.schema.alterTable('organization_members').dropColumn(column).execute()
  }
}
