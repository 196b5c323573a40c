import { sql, type Kysely } from 'kysely'
import { isPostgres, PG_SWEDISH_COLLATION } from '../collation'

/**
 * docs/testing.md "Benchmark": two reads of every page made index ranges.
 *
 * 1. The side menu's groups (services/groups/menu.server.ts): a user's active groups by name, the first
 *    31. It joined the user's group_members rows to groups and sorted every active one (a member
 *    of 127 groups: 127 lookups and a sort on every signed-in page). group_members now keeps a
 *    copy of its group's name and active flag (and on SQLite its stored Swedish sort key, as
 *    migration 008 keeps groups.name_key), maintained by triggers (a new membership copies them;
 *    a renamed, activated or deactivated group copies them to its memberships), and the index
 *    (user, active, name in Swedish order, group) answers the menu with one range, in order.
 *
 * 2. The library's search (services/library/feed.server.ts): `search_text LIKE '%…%'` read every
 *    visible package. PostgreSQL: a trigram GIN index (pg_trgm, `gin_trgm_ops`) on
 *    packages.search_text serves the same LIKE. The extension is created in the schema `public`
 *    (the tests give each file a schema of its own, and an extension exists once per database),
 *    under an advisory lock (files migrate in parallel). SQLite: an FTS5 table with the trigram
 *    tokenizer (`packages_search`) holds a copy of search_text, keyed by `packages.search_rowid`
 *    (a stable number of the package's own: VACUUM may renumber a table's rowids), kept by
 *    triggers; a query of three characters or more reads it with MATCH, a shorter one (which
 *    trigrams cannot serve) keeps the LIKE.
 */
const run = (db: Kysely<any>, text: string) => sql.raw(text).execute(db)

export async function up(db: Kysely<any>) {
  const postgres = isPostgres(db)
  await run(db, `alter table group_members add column group_name text not null default ''`)
  await run(db, `alter table group_members add column group_active integer not null default 1`)
  if (postgres) {
    await run(db, `update group_members set group_name = g.name, group_active = g.active from groups g where g.id = group_members.group_id`)
    await run(
      db,
      `create function group_members_copy_group() returns trigger language plpgsql as $$
        begin
          select g.name, g.active into new.group_name, new.group_active from groups g where g.id = new.group_id;
          return new;
        end $$`,
    )
    await run(
      db,
      `create trigger group_members_copy_group before insert on group_members for each row execute function group_members_copy_group()`,
    )
    await run(
      db,
      `create function groups_copy_to_group_members() returns trigger language plpgsql as $$
        begin
          update group_members set group_name = new.name, group_active = new.active where group_id = new.id;
          return null;
        end $$`,
    )
    await run(
      db,
      `create trigger groups_copy_to_group_members after update of name, active on groups
        for each row when (old.name is distinct from new.name or old.active is distinct from new.active)
        execute function groups_copy_to_group_members()`,
    )
    await run(
      db,
      `create index group_members_user_menu on group_members (user_id, group_active, group_name collate "${PG_SWEDISH_COLLATION}", group_id) include (role)`,
    )

    await run(db, `select pg_advisory_xact_lock(hashtext('create extension pg_trgm'))`)
    await run(db, `create extension if not exists pg_trgm with schema public`)
    await run(db, `create index packages_search_trgm on packages using gin (search_text public.gin_trgm_ops)`)
  } else {
    await run(db, `alter table group_members add column group_name_key text`)
    const copy = (group: string) => `
        group_name = (select g.name from groups g where g.id = ${group}),
        group_name_key = (select g.name_key from groups g where g.id = ${group}),
        group_active = (select g.active from groups g where g.id = ${group})`
    await run(db, `update group_members set ${copy('group_members.group_id')}`)
    await run(
      db,
      `create trigger group_members_copy_group after insert on group_members begin
        update group_members set ${copy('new.group_id')} where group_id = new.group_id and user_id = new.user_id;
      end`,
    )
    // groups.name_key follows name by a trigger of its own (migration 008): whichever runs last
    // copies the final values, read from the row.
    await run(
      db,
      `create trigger groups_copy_to_group_members after update of name, name_key, active on groups
        when old.name is not new.name or old.name_key is not new.name_key or old.active is not new.active begin
        update group_members set ${copy('new.id')} where group_id = new.id;
      end`,
    )
    await run(
      db,
      `create index group_members_user_menu on group_members (user_id, group_active, group_name_key, group_id, role, group_name)`,
    )

    await run(db, `alter table packages add column search_rowid integer`)
    await run(db, `update packages set search_rowid = rowid`)
    await run(db, `create unique index packages_search_rowid on packages (search_rowid)`)
    await run(db, `create virtual table packages_search using fts5(search_text, tokenize = 'trigram')`)
    await run(db, `insert into packages_search (rowid, search_text) select search_rowid, search_text from packages`)
    await run(
      db,
      `create trigger packages_search_insert after insert on packages begin
        update packages set search_rowid = (select coalesce(max(search_rowid), 0) + 1 from packages) where id = new.id;
        insert into packages_search (rowid, search_text) select search_rowid, search_text from packages where id = new.id;
      end`,
    )
    await run(
      db,
      `create trigger packages_search_update after update of search_text on packages when old.search_text is not new.search_text begin
        update packages_search set search_text = new.search_text where rowid = new.search_rowid;
      end`,
    )
    await run(
      db,
      `create trigger packages_search_delete after delete on packages begin
        delete from packages_search where rowid = old.search_rowid;
      end`,
    )
  }
}

export async function down(db: Kysely<any>) {
  const postgres = isPostgres(db)
  await db.schema.dropIndex('group_members_user_menu').execute()
  if (postgres) {
    await db.schema.dropIndex('packages_search_trgm').execute()
    await run(db, `drop trigger groups_copy_to_group_members on groups`)
    await run(db, `drop trigger group_members_copy_group on group_members`)
    await run(db, `drop function groups_copy_to_group_members()`)
    await run(db, `drop function group_members_copy_group()`)
  } else {
    for (const trigger of [
      'packages_search_delete',
      'packages_search_update',
      'packages_search_insert',
      'groups_copy_to_group_members',
      'group_members_copy_group',
    ]) {
      await run(db, `drop trigger ${trigger}`)
    }
    await run(db, `drop table packages_search`)
    await db.schema.dropIndex('packages_search_rowid').execute()
    await db.schema.alterTable('packages').dropColumn('search_rowid').execute()
    await db.schema.alterTable('group_members').dropColumn('group_name_key').execute()
  }
  await db.schema.alterTable('group_members').dropColumn('group_active').execute()
  await db.schema.alterTable('group_members').dropColumn('group_name').execute()
}
