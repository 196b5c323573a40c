import { sql, type Kysely } from 'kysely'
import { isPostgres, SQLITE_SORT_KEY_FUNCTION } from '../collation'

/**
 * SQLite only (PostgreSQL sorts with its ICU collation and is left as it is): the Swedish sort
 * keys of member names and emails and of group names become stored columns, and the indexes of
 * migration 005 are rebuilt on those columns instead of on `sv_sort_key(...)`.
 *
 * An index on an expression that calls the app's own function cannot be checked, rebuilt or
 * vacuumed by a plain `sqlite3` shell ("unknown function"), so backup and repair tools saw a
 * broken file (ADR 008). Plain columns they can. Triggers fill the keys on every write of
 * a name, whoever writes it (services, seeds, the tests' raw SQL); integrity checks, VACUUM,
 * REINDEX and `.dump` never run triggers (ADR 008).
 */
const SORTED = [
  { table: 'organization_members', columns: ['name', 'email'], row: 'organization_id = new.organization_id and user_id = new.user_id' },
  { table: 'groups', columns: ['name'], row: 'id = new.id' },
] as const

const INDEXES = [
  { name: 'organization_members_org_name', table: 'organization_members', column: 'name', tail: 'user_id', where: '' },
  { name: 'organization_members_org_email', table: 'organization_members', column: 'email', tail: 'user_id', where: '' },
  {
    name: 'organization_members_org_group_creators_name',
    table: 'organization_members',
    column: 'name',
    tail: 'user_id',
    where: ' where is_group_creator = 1',
  },
  { name: 'groups_org_name_swedish', table: 'groups', column: 'name', tail: 'id', where: '' },
] as const

const run = (db: Kysely<any>, text: string) => sql.raw(text).execute(db)

export async function up(db: Kysely<any>) {
  if (isPostgres(db)) return
  for (const { table, columns, row } of SORTED) {
    for (const column of columns) await run(db, `alter table ${table} add column ${column}_key text`)
    const keys = columns.map((c) => `${c}_key = ${SQLITE_SORT_KEY_FUNCTION}(new.${c})`).join(', ')
    // organization_members rows get their name and email from the copy trigger of migration 005,
    // an update of name and email right after the insert: that update fires this trigger too.
    if (table === 'groups')
      await run(db, `create trigger ${table}_sort_keys_insert after insert on ${table} begin update ${table} set ${keys} where ${row}; end`)
    await run(
      db,
      `create trigger ${table}_sort_keys after update of ${columns.join(', ')} on ${table} begin update ${table} set ${keys} where ${row}; end`,
    )
    await run(db, `update ${table} set ${columns.map((c) => `${c}_key = ${SQLITE_SORT_KEY_FUNCTION}(${c})`).join(', ')}`)
  }
  for (const { name, table, column, tail, where } of INDEXES) {
    await run(db, `drop index ${name}`)
    await run(db, `create index ${name} on ${table} (organization_id, ${column}_key, ${tail})${where}`)
  }
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) return
  for (const { name, table, column, tail, where } of INDEXES) {
    await run(db, `drop index ${name}`)
    await run(db, `create index ${name} on ${table} (organization_id, ${SQLITE_SORT_KEY_FUNCTION}(${column}), ${tail})${where}`)
  }
  for (const { table, columns } of SORTED) {
    await run(db, `drop trigger ${table}_sort_keys`)
    if (table === 'groups') await run(db, `drop trigger ${table}_sort_keys_insert`)
    for (const column of columns) await run(db, `alter table ${table} drop column ${column}_key`)
  }
}
