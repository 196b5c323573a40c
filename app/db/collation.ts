import { PostgresAdapter, sql, type RawBuilder } from 'kysely'
import type { AnyKysely } from './untyped'

/**
 * Swedish sort order on both databases (å, ä, ö after z; case and accents ignored, so "émile"
 * sorts with "emil"). PostgreSQL: the ICU collation below. SQLite has no collation of its own for
 * it, so a deterministic user function (`sv_sort_key`, registered by createDb) turns a text into a
 * key whose plain binary order is the Swedish one. Indexed sorts read that key from a stored
 * column (`<column>_key`, filled by triggers, migration 008), never from an index on the function:
 * a plain `sqlite3` shell, which lacks it, must be able to check and rebuild every index.
 */
export const PG_SWEDISH_COLLATION = 'sv-x-icu'
/** Swedish order for lists sorted in JavaScript: one collator, made once (making one costs ~0.1 ms). */
export const swedishCollator = new Intl.Collator('sv')
export const SQLITE_SORT_KEY_FUNCTION = 'sv_sort_key'
/** SQLite's lower() folds ASCII only: our own Unicode one, under our own name (never replace a built-in). */
export const SQLITE_LOWER_FUNCTION = 'unicode_lower'

/**
 * Letters Swedish sorts apart from their base letter (ICU's Swedish tailoring), as characters
 * that survive the accent stripping: å, ä, ö become `{ | }` (just after z in binary order), ü is
 * y, æ is ä, ø œ ô are ö. The literal characters `{ | } ~` become "`" so they cannot pose as them.
 */
const SWEDISH: Record<string, string> = {
  å: '{',
  ä: '|',
  æ: '|',
  ę: '|',
  ö: '}',
  ø: '}',
  ő: '}',
  œ: '}',
  ô: '}',
  ü: 'y',
  ű: 'y',
  ß: 'ss',
  þ: 'th',
  ð: 'd',
  đ: 'd',
}
const SPECIAL = new RegExp(`[${Object.keys(SWEDISH).join('')}]`, 'g')

/** The Swedish sort key of a text (see above); null stays null. */
export function swedishSortKey(value: string): string {
  return value
    .normalize('NFC')
    .toLowerCase()
    .replace(/[{|}~]/g, '`')
    .replace(SPECIAL, (ch) => SWEDISH[ch])
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
}

export const isPostgres = (db: AnyKysely) => db.getExecutor().adapter instanceof PostgresAdapter

/**
 * `expression` (a column or a value) as a Swedish sort key for ORDER BY and keyset comparisons.
 * The same expression (with the column) is what the name and email indexes are built on.
 */
export function swedish(db: AnyKysely, expression: RawBuilder<unknown> | string): RawBuilder<string> {
  const e = typeof expression === 'string' ? sql.ref(expression) : expression
  return isPostgres(db)
    ? sql<string>`${e} collate ${sql.id(PG_SWEDISH_COLLATION)}`
    : sql<string>`${sql.raw(SQLITE_SORT_KEY_FUNCTION)}(${e})`
}

/**
 * A column with a stored sort key (`organization_members.name`, `.email`, `groups.name`; e.g.
 * 'm.name') in Swedish order, as its index holds it: on PostgreSQL the column in the ICU
 * collation, on SQLite the stored key `<column>_key` (migration 008). Compare with
 * `swedish(db, value)`, which gives the same key for a value.
 */
export function swedishStored(db: AnyKysely, column: `${string}.${'name' | 'email'}`): RawBuilder<string> {
  return isPostgres(db) ? swedish(db, column) : sql<string>`${sql.ref(`${column}_key`)}`
}

/** `expression` in lower case, all of Unicode folded on both databases ("Öberg" as "öberg"), for searches. */
export function folded(db: AnyKysely, expression: RawBuilder<unknown> | string): RawBuilder<string> {
  const e = typeof expression === 'string' ? sql.ref(expression) : expression
  return isPostgres(db) ? sql<string>`lower(${e})` : sql<string>`${sql.raw(SQLITE_LOWER_FUNCTION)}(${e})`
}

/**
 * The last-seen sort puts never-seen members (null) last in both directions: ordered by these
 * keys (ISO times lie between '' and '9999'), each backed by an index of its own.
 */
export const LAST_SEEN_KEY = {
  asc: (column: string) => `coalesce(${column}, '9999')`,
  desc: (column: string) => `coalesce(${column}, '')`,
}
