/**
 * Query counts of the list services (no N+1): in this process, the bench database is opened with
 * the app's own createDb and wrapped so that every executed query is counted; listMembers,
 * listGroups and groupStatistics run for the admin with page size 10 and 50. A count that grows
 * with the page size would be a query per row.
 *
 * App modules are imported only when this runs; the services get the bench database through
 * their ctx (database.ts withDb), never the app's process-wide db().
 */
import type { KyselyPlugin } from 'kysely'
import type { DB } from '../app/db/db.server'
import type { Ctx } from '../app/services/context.server'
import { withDb } from './database'

export const PAGE_SIZES = [10, 50] as const

export interface QueryCountRow {
  service: string
  variant: string
  /** Executed queries per page size (the access check included). */
  queries: Record<number, number>
  /** Rows returned per page size (a page of that size unless the list is shorter). */
  rows: Record<number, number>
  pass: boolean
}

/**
 * `db` with a counter of executed queries: a plugin sees the result of every query run through
 * the instance, its transactions included (BEGIN/COMMIT are not counted).
 */
export function withQueryCount(db: DB): { db: DB; count: () => number; reset: () => void } {
  let n = 0
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      n++
      return args.result
    },
  }
  return {
    db: db.withPlugin(counter),
    count: () => n,
    reset: () => {
      n = 0
    },
  }
}

export async function measureQueryCounts(organizationId: string, adminId: string): Promise<QueryCountRow[]> {
  const { listMembers } = await import('../app/services/members/members.server')
  const { listGroups } = await import('../app/services/groups/groups.server')
  const { groupStatistics } = await import('../app/services/groups/group-statistics.server')
  const { PAGE_SIZE } = await import('../app/utils/list-query')

  return withDb(async (raw) => {
    const counted = withQueryCount(raw)
    const actor = await raw.selectFrom('users').selectAll().where('id', '=', adminId).executeTakeFirstOrThrow()
    const ctx: Ctx = { db: counted.db, actor, now: new Date(), client: 'bench' }
    const base = { q: '', dir: 'asc' as const, page: 1 }

    const cases: { service: string; variant: string; run: (pageSize: number) => Promise<number> }[] = [
      ...(
        [
          ['sort name (default)', { sort: 'name' }],
          ['sort name desc, page 3', { sort: 'name', dir: 'desc', page: 3 }],
          ['sort email', { sort: 'email' }],
          ['sort created', { sort: 'created' }],
          ['sort lastRequest', { sort: 'lastRequest' }],
          ['search "berg"', { sort: 'name', q: 'berg' }],
          ['group creators only', { sort: 'name', groupCreatorsOnly: true }],
        ] as const
      ).map(([variant, q]) => ({
        service: 'listMembers',
        variant,
        run: async (pageSize: number) => (await listMembers(ctx, organizationId, { ...base, ...q, pageSize })).items.length,
      })),
      ...(
        [
          ['sort name (default)', { sort: 'name' }],
          ['sort owner desc, page 3', { sort: 'owner', dir: 'desc', page: 3 }],
          ['sort members', { sort: 'members' }],
          ['sort latestActivity', { sort: 'latestActivity' }],
          ['search "matematik"', { sort: 'name', q: 'matematik' }],
          ['active, attendance', { sort: 'name', active: true, kind: 'attendance' }],
        ] as const
      ).map(([variant, q]) => ({
        service: 'listGroups',
        variant,
        run: async (pageSize: number) => (await listGroups(ctx, organizationId, { ...base, ...q, pageSize })).items.length,
      })),
      {
        service: 'groupStatistics',
        variant: 'the ids of a page of groups',
        run: async (pageSize: number) => {
          const ids = await raw
            .selectFrom('groups')
            .select('id')
            .where('organization_id', '=', organizationId)
            .orderBy('id')
            .limit(pageSize)
            .execute()
          counted.reset()
          const stats = await groupStatistics(
            ctx,
            organizationId,
            ids.map((r) => r.id),
          )
          return Object.keys(stats).length
        },
      },
    ]

    const rows: QueryCountRow[] = []
    for (const c of cases) {
      const queries: Record<number, number> = {}
      const returned: Record<number, number> = {}
      for (const size of PAGE_SIZES) {
        counted.reset()
        returned[size] = await c.run(size)
        queries[size] = counted.count()
      }
      const counts = PAGE_SIZES.map((s) => queries[s])
      rows.push({
        service: c.service,
        variant: c.variant,
        queries,
        rows: returned,
        pass: counts.every((q) => q === counts[0]) && counts[0] > 0,
      })
    }
    if (!PAGE_SIZES.includes(PAGE_SIZE as (typeof PAGE_SIZES)[number])) {
      console.warn(`(!) the lists' page size is ${PAGE_SIZE}, not among the measured sizes ${PAGE_SIZES.join(', ')}`)
    }
    return rows
  })
}
