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
/** The search fold below on SQLite: a function of our own name (never replace a built-in). */
export const SQLITE_FOLD_FUNCTION = 'search_fold'

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

/** Letters that no accent stripping reaches, as searches spell them without the keyboard's letter. */
const UNACCENTED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ð: 'd',
  đ: 'd',
  ø: 'o',
  ł: 'l',
  ı: 'i',
  ŀ: 'l',
  ħ: 'h',
  ŧ: 't',
}
const UNACCENTED_RE = new RegExp(`[${Object.keys(UNACCENTED).join('')}]`, 'g')

/**
 * A text as searches compare it: lower case, accents and Swedish letters folded to their base
 * letter ("Åsa Öberg" → "asa oberg", "Émile Müller" → "emile muller"), so "asa" finds "Åsa" and
 * "Åsa" finds "Asa". The query and the column are folded alike (`folded`, `searchPattern`).
 */
export function searchFold(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(UNACCENTED_RE, (ch) => UNACCENTED[ch])
}

/**
 * The same fold in PostgreSQL, made from `searchFold` itself so both databases agree: one
 * `translate` of every Latin letter (U+00C0–U+024F, both cases) that folds to one letter, a
 * `replace` for each that folds to two (ß, æ, œ, þ), then `lower`.
 */
const PG_FOLD = (() => {
  let from = ''
  let to = ''
  const pairs: [string, string][] = []
  for (let code = 0xc0; code <= 0x24f; code++) {
    const ch = String.fromCodePoint(code)
    const f = searchFold(ch)
    if (f === ch.toLowerCase() && !/\p{M}/u.test(ch.normalize('NFD'))) continue
    if ([...f].length === 1) {
      from += ch
      to += f
    } else if (f.length > 1) pairs.push([ch, f])
  }
  return { from, to, pairs }
})()

/** `expression` (a column) folded as `searchFold` folds a text, on both databases, for searches with `searchPattern`. */
export function folded(db: AnyKysely, expression: RawBuilder<unknown> | string): RawBuilder<string> {
  const e = typeof expression === 'string' ? sql.ref(expression) : expression
  if (!isPostgres(db)) return sql<string>`${sql.raw(SQLITE_FOLD_FUNCTION)}(${e})`
  let text: RawBuilder<string> = sql<string>`translate(${e}, ${sql.lit(PG_FOLD.from)}, ${sql.lit(PG_FOLD.to)})`
  for (const [ch, f] of PG_FOLD.pairs) text = sql<string>`replace(${text}, ${sql.lit(ch)}, ${sql.lit(f)})`
  return sql<string>`lower(${text})`
}

/** The LIKE pattern (escape '\\') of "contains q", folded as `folded` folds the column. */
export const searchPattern = (q: string) => `%${searchFold(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The last-seen sort puts never-seen members (null) last in both directions: ordered by these
 * keys (ISO times lie between '' and '9999'), each backed by an index of its own.
 */
export const LAST_SEEN_KEY = {
  asc: (column: string) => `coalesce(${column}, '9999')`,
  desc: (column: string) => `coalesce(${column}, '')`,
}
