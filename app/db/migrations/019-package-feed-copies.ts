import { sql, type Kysely } from 'kysely'
import { isPostgres, PG_SWEDISH_COLLATION } from '../collation'

/**
 * The library feed reads the packages shared with the actor from `package_collaborators` alone
 * (ADR 016): each row keeps whether the package is visible to that collaborator (`visible`: the
 * package is published, or the collaborator may edit it; drafts are hidden from viewers, ADR 009)
 * and a copy of the package's sort fields (`package_name`, on SQLite also its Swedish key
 * `package_name_key`, `package_created_at`, `package_updated_at`). Triggers keep them in step on
 * both dialects, whoever writes (services, seeds, tests), as migration 005 does for members:
 * a new collaborator or a change of access copies from the package; a change of the package's
 * name, status or times copies to its collaborators. Each sort has an index
 * `(user_id, visible, <key>, package_id)`, so a page reads the first rows in order and the total
 * is one index range, never a join of every shared package.
 *
 * The owner's side gets the index it lacked for the sort by creation time.
 */
const run = (db: Kysely<any>, text: string) => sql.raw(text).execute(db)

const KEYS = [
  ['updated', 'package_updated_at'],
  ['created', 'package_created_at'],
] as const

export async function up(db: Kysely<any>) {
  const postgres = isPostgres(db)
  await run(db, `alter table package_collaborators add column visible integer not null default 0`)
  await run(db, `alter table package_collaborators add column package_name text not null default ''`)
  await run(db, `alter table package_collaborators add column package_created_at text not null default ''`)
  await run(db, `alter table package_collaborators add column package_updated_at text not null default ''`)
  if (!postgres) await run(db, `alter table package_collaborators add column package_name_key text`)

  // The copy of a package's fields into its collaborator rows `c` (a row value, read from the
  // packages row, not from a trigger's NEW: on SQLite the name key is written by the sort-key
  // trigger of migration 012 after the name, and whichever fires last must copy the final key).
  // SQLite's shell before 3.45 (Debian's sqlite3) cannot read a trigger whose UPDATE aliases its
  // table, and would then refuse the whole file: on SQLite the statements name the table itself.
  const c = postgres ? 'c' : 'package_collaborators'
  const columns = `visible, package_name, package_created_at, package_updated_at${postgres ? '' : ', package_name_key'}`
  const visible = postgres ? `(p.status = 'published' or c.access = 'edit')::integer` : `(p.status = 'published' or ${c}.access = 'edit')`
  const copied = `${visible}, p.name, p.created_at, p.updated_at${postgres ? '' : ', p.name_key'}`
  const refresh = (where: string) =>
    `update package_collaborators${postgres ? ' as c' : ''} set (${columns}) = (select ${copied} from packages p where p.id = ${c}.package_id) where ${where};`
  await run(db, refresh('true'))

  if (postgres) {
    // Before insert: the new row takes the copy; after a change of access or of the package: its rows are refreshed.
    await run(
      db,
      `create function package_collaborators_copy_package() returns trigger language plpgsql as $$
        begin
          select ${copied.replaceAll(
            'c.access',
            'new.access',
          )} into new.visible, new.package_name, new.package_created_at, new.package_updated_at
            from packages p where p.id = new.package_id;
          return new;
        end $$`,
    )
    await run(
      db,
      `create trigger package_collaborators_copy_package before insert or update of access on package_collaborators
        for each row execute function package_collaborators_copy_package()`,
    )
    await run(
      db,
      `create function packages_copy_to_collaborators() returns trigger language plpgsql as $$
        begin
          ${refresh('c.package_id = new.id')}
          return null;
        end $$`,
    )
    await run(
      db,
      `create trigger packages_copy_to_collaborators after update of name, status, created_at, updated_at on packages
        for each row when (old.name is distinct from new.name or old.status is distinct from new.status
          or old.created_at is distinct from new.created_at or old.updated_at is distinct from new.updated_at)
        execute function packages_copy_to_collaborators()`,
    )
  } else {
    const collaborator = `${c}.package_id = new.package_id and ${c}.user_id = new.user_id`
    await run(
      db,
      `create trigger package_collaborators_copy_package after insert on package_collaborators begin ${refresh(collaborator)} end`,
    )
    await run(
      db,
      `create trigger package_collaborators_copy_access after update of access on package_collaborators begin ${refresh(collaborator)} end`,
    )
    await run(
      db,
      `create trigger packages_copy_to_collaborators after update of name, name_key, status, created_at, updated_at on packages begin ${refresh(
        `${c}.package_id = new.id`,
      )} end`,
    )
  }

  const nameKey = postgres ? `package_name collate "${PG_SWEDISH_COLLATION}"` : 'package_name_key'
  for (const [sort, column] of [...KEYS, ['name', nameKey] as const]) {
    await run(db, `create index package_collaborators_feed_${sort} on package_collaborators (user_id, visible, ${column}, package_id)`)
  }
  await db.schema.createIndex('packages_owner_created').on('packages').columns(['owner_id', 'created_at', 'id']).execute()
}

export async function down(db: Kysely<any>) {
  const postgres = isPostgres(db)
  await db.schema.dropIndex('packages_owner_created').execute()
  for (const sort of ['updated', 'created', 'name']) await db.schema.dropIndex(`package_collaborators_feed_${sort}`).execute()
  if (postgres) {
    await run(db, 'drop trigger packages_copy_to_collaborators on packages')
    await run(db, 'drop trigger package_collaborators_copy_package on package_collaborators')
    await run(db, 'drop function packages_copy_to_collaborators()')
    await run(db, 'drop function package_collaborators_copy_package()')
  } else {
    for (const name of ['packages_copy_to_collaborators', 'package_collaborators_copy_access', 'package_collaborators_copy_package'])
      await run(db, `drop trigger ${name}`)
    await run(db, 'alter table package_collaborators drop column package_name_key')
  }
  for (const column of ['package_updated_at', 'package_created_at', 'package_name', 'visible']) {
    await db.schema.alterTable('package_collaborators').dropColumn(column).execute()
  }
}
