import { sql, type CompiledQuery } from 'kysely'
import { db, dialectOf } from '~/db/db.server'

/**
 * The plan of a compiled query on the test database, as text. Tiny test tables make any plan a
 * sequential scan and a sort on PostgreSQL, so there it asks whether an index can serve the query
 * at all: sequential scans (and, with `noSort`, explicit sorts) are switched off for the EXPLAIN.
 */
export async function planOf(query: Pick<CompiledQuery, 'sql' | 'parameters'>, options: { noSort?: boolean } = {}): Promise<string> {
  const { sql: text, parameters } = query
  if (dialectOf(process.env.DATABASE_URL) === 'postgres') {
    return db()
      .connection()
      .execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn)
        if (options.noSort) await sql`set enable_sort = off`.execute(conn)
        try {
          const rows = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${inline(text, parameters, '$')}`).execute(conn)
          return rows.rows.map((r) => r['QUERY PLAN']).join('\n')
        } finally {
          await sql`reset enable_seqscan`.execute(conn)
          await sql`reset enable_sort`.execute(conn)
        }
      })
  }
  const rows = await sql.raw<{ detail: string }>(`explain query plan ${inline(text, parameters, '?')}`).execute(db())
  return rows.rows.map((r) => r.detail).join('\n')
}

/** The parameters written into the text (EXPLAIN takes no bound parameters on PostgreSQL). */
function inline(text: string, parameters: readonly unknown[], style: '$' | '?') {
  const quote = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`)
  if (style === '$') return text.replace(/\$(\d+)/g, (_, i: string) => quote(parameters[Number(i) - 1]))
  let i = 0
  return text.replace(/\?/g, () => quote(parameters[i++]))
}
