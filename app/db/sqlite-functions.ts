import type SQLite from 'better-sqlite3'
import { SQLITE_SORT_KEY_FUNCTION, swedishSortKey } from './collation'

/**
 * The functions every SQLite connection to the app's database needs (indexes and triggers call
 * them, so a connection without them cannot write members or groups). Both deterministic, so
 * indexes can be built on them. Relative imports only: the browser tests' data helpers use it too.
 */
export function registerSqliteFunctions(sqlite: SQLite.Database) {
  // SQLite's lower() folds ASCII only; PostgreSQL's folds all of Unicode. Replace it so searches
  // treat "Öberg" and "öberg" alike on both (and indexes on lower(...) agree).
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : (value as null),
  )
  // Swedish sort order (collation.ts).
  sqlite.function(SQLITE_SORT_KEY_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? swedishSortKey(value) : (value as null),
  )
}
