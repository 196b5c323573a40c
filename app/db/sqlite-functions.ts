import type SQLite from 'better-sqlite3'
import { SQLITE_FOLD_FUNCTION, SQLITE_SORT_KEY_FUNCTION, searchFold, swedishSortKey } from './collation'

/**
 * The functions every SQLite connection to the app's database needs: queries call them, and
 * triggers call `sv_sort_key` when a member's or group's name changes (migration 008), so a
 * connection without them cannot write names. No index calls them: a plain `sqlite3` shell can
 * still check, vacuum and rebuild the file. Both have names of our own; built-ins are never
 * replaced. Relative imports only: the browser tests' data helpers use it too.
 */
export function registerSqliteFunctions(sqlite: SQLite.Database) {
  // Searches fold case, accents and Swedish letters alike on both databases: "oberg" finds
  // "Öberg" (collation.ts `searchFold`, `folded`).
  sqlite.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? searchFold(value) : (value as null),
  )
  // Swedish sort order (collation.ts).
  sqlite.function(SQLITE_SORT_KEY_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? swedishSortKey(value) : (value as null),
  )
}
