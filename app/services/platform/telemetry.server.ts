import { sql } from 'kysely'
import { takeAttempt, type RateLimitPolicy } from '~/auth/rate-limit.server'
import { VITAL_NAMES, ratingOf, type TelemetryBatch, type VitalName } from '~/utils/telemetry-rules'
import { DomainError } from '~/errors'
import { newBatchIds, nowIso } from '~/utils/ids.server'
import { actorOf, type Ctx } from '../context.server'
import { isPlatformAdmin } from './platform.server'

/**
 * Telemetry (ADR 011): web vitals and uncaught errors that browsers report
 * (browser/telemetry.ts), for the platform admins' page /platform/telemetry. Kept
 * TELEMETRY_RETENTION_DAYS by the housekeeping job; no user id is stored.
 */
export const TELEMETRY_RETENTION_DAYS = 30

/**
 * Per client address: 600 batches in 10 minutes (one a second, on average), then a minute's wait,
 * doubling up to 10 minutes. A tab sends at most one batch every 5 s and 200 events a page load,
 * so a school behind one address stays far below it; a script flooding the table does not.
 */
export const TELEMETRY_PER_CLIENT: RateLimitPolicy = { freeFailures: 600, windowSeconds: 600, baseSeconds: 60, maxSeconds: 600 }

/**
 * Stores a batch. A signed-in user who opted out is refused with FORBIDDEN (the browser turns
 * telemetry off on 403); a client over its budget gets TOO_MANY_ATTEMPTS with retryAt.
 */
export async function recordTelemetry(ctx: Ctx, batch: TelemetryBatch) {
  await takeAttempt(ctx.db, `telemetry:client:${ctx.client}`, TELEMETRY_PER_CLIENT, ctx.now)
  if (ctx.actor && Number(ctx.actor.telemetry_opt_out) === 1) throw new DomainError('FORBIDDEN')
  // Everything that can be is per batch: the time, the ids (adjacent in the index), one insert.
  const at = nowIso(ctx.now)
  const ids = newBatchIds(batch.events.length)
  await ctx.db
    .insertInto('telemetry_events')
    .values(
      batch.events.map((e, i) => ({
        id: ids[i]!,
        kind: e.kind,
        name: e.name,
        route: e.route,
        value: e.kind === 'vital' ? e.value : null,
        message: e.kind === 'error' ? e.message : null,
        app_version: batch.appVersion,
        created_at: at,
      })),
    )
    .execute()
  return { stored: batch.events.length }
}

/** The user's own choice; another user's id is not found. */
export async function setTelemetryOptOut(ctx: Ctx, userId: string, optOut: boolean) {
  if (actorOf(ctx).id !== userId) throw new DomainError('NOT_FOUND')
  await ctx.db
    .updateTable('users')
    .set({ telemetry_opt_out: optOut ? 1 : 0 })
    .where('id', '=', userId)
    .execute()
  return { optOut }
}

export interface VitalSummary {
  route: string
  name: VitalName
  /** 75th percentile (nearest rank) of the period's figures. */
  p75: number
  count: number
  rating: ReturnType<typeof ratingOf>
}

export const SUMMARY_DAYS = 7
export const LATEST_ERRORS = 50

/**
 * For platform admins: p75 of each vital per route over the last `days` days (nearest rank,
 * computed in SQL with window functions on both dialects), and the latest errors.
 */
export async function telemetrySummary(ctx: Ctx, days = SUMMARY_DAYS) {
  if (!isPlatformAdmin(ctx)) throw new DomainError('NOT_FOUND')
  const since = new Date(ctx.now.getTime() - days * 86_400_000).toISOString()
  const ranked = ctx.db
    .selectFrom('telemetry_events')
    .select([
      'route',
      'name',
      'value',
      sql<number>`row_number() over (partition by route, name order by value)`.as('rank'),
      sql<number>`count(*) over (partition by route, name)`.as('total'),
    ])
    .where('kind', '=', 'vital')
    .where('created_at', '>=', since)
  const rows = await ctx.db
    .selectFrom(ranked.as('r'))
    .select(['route', 'name', 'value', 'total'])
    // The nearest-rank p75: the smallest rank with rank >= 0.75 * total, in integers.
    .where(sql<boolean>`r.rank * 4 >= r.total * 3 and (r.rank - 1) * 4 < r.total * 3`)
    .orderBy('route')
    .orderBy('name')
    .execute()
  const vitals: VitalSummary[] = rows
    .filter((r) => (VITAL_NAMES as readonly string[]).includes(r.name))
    .map((r) => {
      const name = r.name as VitalName
      const p75 = Number(r.value)
      return { route: r.route, name, p75, count: Number(r.total), rating: ratingOf(name, p75) }
    })
  const errors = await ctx.db
    .selectFrom('telemetry_events')
    .select(['id', 'name', 'route', 'message', 'app_version', 'created_at'])
    .where('kind', '=', 'error')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LATEST_ERRORS)
    .execute()
  return { days, retentionDays: TELEMETRY_RETENTION_DAYS, vitals, errors }
}
